import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, toCsv } from '@taikai/protocol';
import { type Executor, inSnapshot, MIGRATIONS_DIR } from '../../db/client';
import { rankPage } from '../ranking/queries';
import { countingOf, rankRuleOf } from '../ranking/service';
import type {
  ArchiveContest,
  ArchiveHistory,
  ArchiveManifest,
  ArchiveRanking,
  ArchiveRecord,
  ArchiveRoster,
  ArchiveSeason,
  ArchiveTeams,
} from './format';
import * as q from './queries';
import { ZipWriter } from './zip';

// Builds a tournament's archive from one snapshot of the database: every file is read from the same committed
// state, however many games end meanwhile. Records are read and compressed a batch at a time.

const RECORD_BATCH = 100;
const RANK_PAGE = 5000;

/** The server's version and its latest migration: which server wrote an archive. */
function serverOf(): { version: string; schema: string } {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  return { version: String(pkg.version), schema: String(journal.entries.at(-1)?.tag ?? '') };
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 1)}\n`);
/** CSV with a byte-order mark, so spreadsheet programs read it as UTF-8; formula-like cells defused. */
const csv = (rows: (string | number)[][]) => Buffer.from(`\ufeff${toCsv(rows)}\r\n`);

/**
 * Writes the archive of tournament `uniqueId` to `path` (a zip). Returns the archive's id and how many records
 * it holds. The caller has checked who may read it.
 */
export async function writeArchive(
  db: Executor,
  uniqueId: number,
  path: string,
  now: number,
): Promise<{ archiveId: string; records: number }> {
  const zip = new ZipWriter(path);
  const date = new Date(now * 1000);
  const files: ArchiveManifest['files'] = [];
  const add = async (name: string, content: Buffer) => {
    files.push({
      path: name,
      bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    await zip.add(name, content, date);
  };
  const players = new Set<number>();
  /** Names the records and the roster give, for a player whose account is gone. */
  const shownNames = new Map<number, string>();
  const archiveId = randomUUID();
  let records = 0;
  try {
    const manifest = await inSnapshot(db, async (tx) => {
      const row = await q.contestRow(tx, uniqueId);
      if (!row) throw new Error(`no tournament ${uniqueId}`);
      const contest: ArchiveContest = {
        unique_id: row.uniqueId,
        contest_id: row.contestId,
        creator_id: row.creatorId,
        name: row.name,
        open: row.open,
        show_zones: row.showZones,
        available_zones: row.availableZones,
        i18n_switch: row.i18nSwitch,
        observer_switch: row.observerSwitch,
        contest_type: row.contestType,
        round_type: row.roundType,
        detail_rule: row.detailRule,
        emoji_switch: row.emojiSwitch,
        contest_setting: row.contestSetting,
        public_notice: row.publicNotice,
        private_notice: row.privateNotice,
        manager_notice: row.managerNotice,
        max_player_count: row.maxPlayerCount,
        start_time: row.startTime,
        finish_time: row.finishTime,
        create_time: row.createTime,
        admin_ids: await q.adminIds(tx, uniqueId),
        observer_ids: await q.observerIds(tx, uniqueId),
      };
      for (const id of [contest.creator_id, ...contest.admin_ids, ...contest.observer_ids]) players.add(id);

      const seasonIds: number[] = [];
      for (const season of await q.seasonRows(tx, uniqueId)) {
        const key = { uniqueId, seasonId: season.seasonId };
        const dir = `seasons/${season.seasonId}`;
        seasonIds.push(season.seasonId);
        const seasonFile: ArchiveSeason = {
          season_id: season.seasonId,
          start_time: season.startTime,
          end_time: season.endTime,
          create_time: season.createTime,
          close_time: season.closeTime,
          signup_type: season.signupType,
          signup_start_time: season.signupStartTime,
          signup_end_time: season.signupEndTime,
          auto_match: season.autoMatch,
          match_start_time: season.matchStartTime,
          match_end_time: season.matchEndTime,
          rank_rule: season.rankRule,
          rank_type: season.rankType,
          show_team_rank: season.showTeamRank,
          remark: season.remark,
          chat_limit_type: season.chatLimitType,
          record_uuids: await q.recordUuids(tx, key),
        };
        await add(`${dir}/season.json`, json(seasonFile));

        const roster: ArchiveRoster = (await q.rosterRows(tx, key)).map(({ entry, accountNickname }) => ({
          account_id: entry.accountId,
          nickname: accountNickname,
          season_nickname: entry.nickname,
          state: entry.state as 1 | 2 | 3,
          remark: entry.remark,
          create_time: entry.createTime,
          update_time: entry.updateTime,
        }));
        for (const r of roster) players.add(r.account_id);
        await add(`${dir}/roster.json`, json(roster));
        await add(
          `${dir}/roster.csv`,
          csv([
            ['account_id', 'nickname', 'season_nickname', 'state', 'remark'],
            ...roster.map((r) => [r.account_id, r.nickname, r.season_nickname ?? '', r.state, r.remark]),
          ]),
        );

        const members = await q.memberRows(tx, key);
        const teams: ArchiveTeams = (await q.teamRows(tx, key)).map((t) => ({
          id: t.id,
          name: t.name,
          detail: t.detail,
          modify_score: t.modifyScore,
          modify_detail: t.modifyDetail,
          create_time: t.createTime,
          members: members
            .filter((m) => m.teamId === t.id)
            .map((m) => ({ account_id: m.accountId, create_time: m.createTime })),
        }));
        const names = new Map(roster.map((r) => [r.account_id, r.season_nickname ?? r.nickname]));
        await add(`${dir}/teams.json`, json(teams));
        await add(
          `${dir}/teams.csv`,
          csv([
            ['team', 'detail', 'modify_score', 'account_id', 'nickname'],
            ...teams.flatMap((t) =>
              (t.members.length ? t.members : [null]).map((m) => [
                t.name,
                t.detail,
                t.modify_score / 1000,
                m?.account_id ?? '',
                m ? (names.get(m.account_id) ?? '') : '',
              ]),
            ),
          ]),
        );

        const ranking: ArchiveRanking = [];
        const counting = countingOf(rankRuleOf(season));
        for (let offset = 0; ; offset += RANK_PAGE) {
          const page = await rankPage(tx, key, counting, { offset, limit: RANK_PAGE });
          ranking.push(
            ...page.rows.map((r) => ({
              rank: r.rank,
              account_id: r.accountId,
              nickname: r.nickname,
              score: r.score,
              games: r.games,
              counted: r.counted,
              qualified: r.qualified,
              places: r.places,
            })),
          );
          if (page.rows.length < RANK_PAGE) break;
        }
        for (const r of ranking) players.add(r.account_id);
        await add(`${dir}/ranking.json`, json(ranking));
        await add(
          `${dir}/ranking.csv`,
          csv([
            [
              'rank',
              'account_id',
              'nickname',
              'score',
              'games',
              'counted',
              'first',
              'second',
              'third',
              'fourth',
            ],
            ...ranking.map((r) => [
              r.rank,
              r.account_id,
              r.nickname,
              r.score / 1000,
              r.games,
              r.counted,
              ...r.places,
            ]),
          ]),
        );
      }

      for (let after = ''; ; ) {
        const batch = await q.recordBatch(tx, uniqueId, after, RECORD_BATCH);
        for (const { record: r, players: seated, marks } of batch) {
          const file: ArchiveRecord = {
            uuid: r.uuid,
            season_id: r.seasonId,
            start_time: r.startTime,
            end_time: r.endTime,
            tag: r.tag,
            removed: r.removed === 1 ? 1 : 0,
            round_type: r.roundType,
            detail_rule: r.detailRule,
            seats: r.seats,
            result: r.result,
            log: r.log as Record<string, unknown>,
            seed: r.seed,
            commitment: r.commitment,
            players: seated.map((p) => ({
              seat: p.seat,
              account_id: p.accountId,
              place: p.place,
              part_point: p.partPoint,
              total_point: p.totalPoint,
            })),
            marks: marks.map((m) => ({
              hand: m.hand,
              seat: m.seat,
              account_id: m.accountId,
              yiman: m.yiman,
              yaku: m.yaku,
              chang: m.chang,
              ju: m.ju,
              ben: m.ben,
              start_time: m.startTime,
            })),
          };
          for (const s of r.seats) {
            if (s.account_id === 0) continue;
            players.add(s.account_id);
            shownNames.set(s.account_id, s.nickname);
          }
          await add(`records/${r.uuid}.json`, json(file));
          records += 1;
        }
        if (batch.length < RECORD_BATCH) break;
        after = batch[batch.length - 1].record.uuid;
      }

      const history: ArchiveHistory = (await q.historyRows(tx, uniqueId)).map((h) => ({
        actor_id: h.actorId,
        action: h.action,
        target_type: h.targetType,
        target_id: h.targetId,
        before: h.before,
        after: h.after,
        time: h.time,
      }));
      for (const h of history) if (h.actor_id !== null) players.add(h.actor_id);
      await add('history.json', json(history));

      const nicknames = await q.nicknamesOf(tx, [...players]);
      const manifest: ArchiveManifest = {
        format: ARCHIVE_FORMAT,
        version: ARCHIVE_VERSION,
        archive_id: archiveId,
        exported_at: now,
        server: serverOf(),
        contest,
        players: [...players]
          .sort((a, b) => a - b)
          .map((id) => ({ id, nickname: nicknames.get(id) || shownNames.get(id) || `player ${id}` })),
        seasons: seasonIds,
        files,
      };
      return manifest;
    });
    await zip.add('archive.json', json(manifest), date);
    await zip.close();
  } catch (err) {
    await zip.close().catch(() => {});
    throw err;
  }
  return { archiveId, records };
}
