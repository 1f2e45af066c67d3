import { commitmentOf } from '@taikai/engine';
import { FetchContestGameRecordFileRes, FetchMyGameRecordFileRes } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { gameRecords } from '../../src/db/schema';
import { type caller, dataOf } from '../records/support';
import type { Organiser, World } from './world';

// What every hosted game kept in the engine's own record (chuanma, xuezhandaodi) shows: its stored record, the
// record file the organiser and the players read (verified from the revealed seed), the ranking and the live
// progress call once it ended.

// biome-ignore lint/suspicious/noExplicitAny: wire bodies
type Wire = any;

/** A record file format that holds the engine's own record, under the field of the same name. */
export type EngineFormat = 'chuanma' | 'xuezhan';

/** The organiser's calls on the game's season. */
type Caller = ReturnType<typeof caller>;

/** The stored record row of game `uuid`, its log as the wire holds it. */
export async function storedRecord(world: World, uuid: string) {
  const [row] = await world.database.db.select().from(gameRecords).where(eq(gameRecords.uuid, uuid));
  return row as typeof row & { log: Wire };
}

/**
 * The record file of `uuid` as the organiser reads it, checked for what every engine record file is: as its
 * schema says, of `format` with only that record, no Tenhou export, and the commitment of its revealed seed.
 */
export async function engineRecordFile(as: Caller, uuid: string, format: EngineFormat): Promise<Wire> {
  const file = dataOf(await as.get('fetch_contest_game_record_file', { uuid }));
  expect(FetchContestGameRecordFileRes.parse(file)).toEqual(file);
  expect(file.format).toBe(format);
  expect(file.tenhou).toEqual({});
  expect(file[format === 'chuanma' ? 'xuezhan' : 'chuanma']).toBeUndefined();
  expect(file.commitment).toBe(commitmentOf(file.seed));
  return file;
}

/** A player of game `uuid` at `seat` reads through fetch_my_game_record_file the file the organiser reads. */
export async function expectPlayersFile(
  world: World,
  as: Caller,
  { uuid, player, seat, format }: { uuid: string; player: Organiser; seat: number; format: EngineFormat },
): Promise<void> {
  const mine = dataOf(await world.get('fetch_my_game_record_file', { uuid }, { token: player.token }));
  expect(FetchMyGameRecordFileRes.parse(mine)).toEqual(mine);
  expect(mine.record.seat).toBe(seat);
  expect(mine.format).toBe(format);
  const file = dataOf(await as.get('fetch_contest_game_record_file', { uuid }));
  expect({ [format]: mine[format], verification: mine.verification }).toEqual({
    [format]: file[format],
    verification: file.verification,
  });
}

/** With its stored seed changed, the record file of `uuid` no longer verifies and keeps its format. */
export async function expectForgedSeedRefused(
  world: World,
  as: Caller,
  uuid: string,
  format: EngineFormat,
): Promise<void> {
  const row = await storedRecord(world, uuid);
  const forged = `${row.seed.slice(0, -1)}${row.seed.endsWith('0') ? '1' : '0'}`;
  await world.database.db.update(gameRecords).set({ seed: forged }).where(eq(gameRecords.uuid, uuid));
  try {
    const file = dataOf(await as.get('fetch_contest_game_record_file', { uuid }));
    expect(file.verification.ok).toBe(false);
    expect(file.verification.problems).toContain('the seed does not match the commitment');
    expect(file.format).toBe(format);
  } finally {
    await world.database.db.update(gameRecords).set({ seed: row.seed }).where(eq(gameRecords.uuid, uuid));
  }
}

/**
 * The season's player ranking counts game `uuid`, its only one: each player seated (`seats`, account id →
 * seat) scores the total points of their seat in thousandths.
 */
export async function expectRankingOfOneGame(
  as: Caller,
  uuid: string,
  seats: readonly (readonly [number, number])[],
): Promise<void> {
  const data = dataOf(await as.post('fetch_season_player_rank', { offset: 0, limit: 10 }));
  const record = (
    dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 10 })).record_list as Wire[]
  ).find((r) => r.uuid === uuid);
  const expected = seats.map(([id, seat]) => [
    id,
    record.result.players.find((p: Wire) => p.seat === seat).total_point,
  ]);
  expect(data.list.map((r: Wire) => [r.account_id, r.score]).sort()).toEqual(expected.sort());
  expect(data.list.every((r: Wire) => r.game_count === 1)).toBe(true);
}

/** The live progress call answers game `uuid` ended, with its recorded final scores and honba 0. */
export async function expectProgressEnded(world: World, uuid: string): Promise<void> {
  const res = await world.get(`/api/game/realtime/${uuid}/progress/latest`);
  const record = await storedRecord(world, uuid);
  expect(res.body).toMatchObject({ uuid, is_end: 1, chang: 0, ben: 0, scores: record.log.paipu.defen });
}
