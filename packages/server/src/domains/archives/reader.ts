import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { verifyRecord } from '../records/verification';
import {
  ArchiveHistory,
  ArchiveManifest,
  ArchiveRanking,
  ArchiveRecord,
  ArchiveRoster,
  ArchiveSeason,
  ArchiveTeams,
} from './format';
import { readZip } from './zip';

// Reads an archive whole and checks it before anything is written: every file listed in `archive.json` is
// there with its length and SHA-256 and nothing else is, each file is what its schema says, every player it
// names is in its player list, and every record verifies (its seed deals every wall of its log, under the
// commitment published at its start).

/** An archive may unpack to at most this many bytes. */
const UNPACKED_MAX = 4 * 1024 ** 3;

/** Why an archive is refused. */
export class ArchiveRefused extends Error {}

export type ArchiveSeasonContent = {
  season: ArchiveSeason;
  roster: ArchiveRoster;
  teams: ArchiveTeams;
  ranking: ArchiveRanking;
  records: ArchiveRecord[];
};

export type ArchiveContent = {
  manifest: ArchiveManifest;
  seasons: ArchiveSeasonContent[];
  history: ArchiveHistory;
};

function parse<S extends z.ZodType>(schema: S, files: Map<string, Buffer>, path: string): z.output<S> {
  const content = files.get(path);
  if (!content) throw new ArchiveRefused(`${path} is missing`);
  let value: unknown;
  try {
    value = JSON.parse(content.toString('utf8'));
  } catch {
    throw new ArchiveRefused(`${path} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ArchiveRefused(`${path}: ${issue?.path.join('.') || '(file)'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Reads and checks the archive at `path`; throws `ArchiveRefused` naming the first problem. */
export async function readArchive(path: string): Promise<ArchiveContent> {
  let files: Map<string, Buffer>;
  try {
    files = await readZip(path, UNPACKED_MAX);
  } catch (err) {
    throw new ArchiveRefused(`not a readable archive: ${(err as Error).message}`);
  }
  const manifest = parse(ArchiveManifest, files, 'archive.json');

  const listed = new Set(manifest.files.map((f) => f.path));
  for (const name of files.keys()) {
    if (name !== 'archive.json' && !listed.has(name))
      throw new ArchiveRefused(`${name} is not listed in archive.json`);
  }
  for (const entry of manifest.files) {
    const content = files.get(entry.path);
    if (!content) throw new ArchiveRefused(`${entry.path} is missing`);
    const sha256 = createHash('sha256').update(content).digest('hex');
    if (content.length !== entry.bytes || sha256 !== entry.sha256)
      throw new ArchiveRefused(`${entry.path} is not the file archive.json lists (changed after the export)`);
  }

  const players = new Set(manifest.players.map((p) => p.id));
  if (players.size !== manifest.players.length) throw new ArchiveRefused('a player is listed twice');
  const known = (id: number, where: string) => {
    if (id !== 0 && !players.has(id))
      throw new ArchiveRefused(`${where} names player ${id}, who is not listed`);
  };
  known(manifest.contest.creator_id, 'archive.json');

  const seasons: ArchiveSeasonContent[] = [];
  const seen = new Set<string>();
  for (const seasonId of manifest.seasons) {
    const dir = `seasons/${seasonId}`;
    const season = parse(ArchiveSeason, files, `${dir}/season.json`);
    if (season.season_id !== seasonId) throw new ArchiveRefused(`${dir}/season.json is of another season`);
    const roster = parse(ArchiveRoster, files, `${dir}/roster.json`);
    const teams = parse(ArchiveTeams, files, `${dir}/teams.json`);
    const ranking = parse(ArchiveRanking, files, `${dir}/ranking.json`);
    for (const r of roster) known(r.account_id, `${dir}/roster.json`);
    const onRoster = new Set(roster.map((r) => r.account_id));
    for (const t of teams)
      for (const m of t.members)
        if (!onRoster.has(m.account_id))
          throw new ArchiveRefused(`${dir}/teams.json: player ${m.account_id} is not in the season`);
    const records: ArchiveRecord[] = [];
    for (const uuid of season.record_uuids) {
      const path = `records/${uuid}.json`;
      if (seen.has(uuid)) throw new ArchiveRefused(`${path} is listed twice`);
      seen.add(uuid);
      const record = parse(ArchiveRecord, files, path);
      if (record.uuid !== uuid || record.season_id !== seasonId)
        throw new ArchiveRefused(`${path} is another record than its name says`);
      for (const s of record.seats) known(s.account_id, path);
      for (const p of record.players) known(p.account_id, path);
      for (const m of record.marks) known(m.account_id, path);
      const verification = verifyRecord(record);
      if (!verification.ok)
        throw new ArchiveRefused(`${path} does not verify: ${verification.problems.join('; ')}`);
      records.push(record);
    }
    seasons.push({ season, roster, teams, ranking, records });
  }
  const records = [...files.keys()].filter((name) => name.startsWith('records/'));
  if (records.length !== seen.size) throw new ArchiveRefused('a record file belongs to no season');
  const history = parse(ArchiveHistory, files, 'history.json');
  return { manifest, seasons, history };
}
