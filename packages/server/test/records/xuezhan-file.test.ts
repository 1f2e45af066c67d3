import { replayGame } from '@taikai/engine';
import { RecordFileFormat } from '@taikai/protocol';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameHands } from '../../src/db/schema';
import { engineRecordFile, expectForgedSeedRefused, storedRecord } from '../support/record-files';
import { startWorld, type World } from '../support/world';
import { caller, dataOf, eastSeason, insertRecord, type Played, playTable, seatsOf } from './support';

// The record of a xuezhandaodi (bloody end) game, whose hands go on after a win: written by the host's record
// writer with every win of a hand, and served by the record-file call as the engine's own record (`format:
// 'xuezhan'`; Tenhou's format ends a hand at its win), verified from the revealed seed. The game is a robot game
// played in-process from a fixed seed (one hand of it has several wins) and written as the host writes one.

const RULE = { xuezhandaodi: 1, huansanzhang: 1 };
/** A seed whose robot game has a hand with two wins or more. */
const SEED = 1;

let world: World;
let as: ReturnType<typeof caller>;
let played: Played;
let uuid: string;

beforeAll(async () => {
  world = await startWorld();
  const { owner, season } = await eastSeason(world);
  as = caller(world, owner, season);
  played = await playTable(1, RULE, SEED);
  const now = world.clock.now();
  uuid = await insertRecord(world, season, played, {
    seats: seatsOf([0, 0, 0, 0].map((id) => ({ id, nickname: '' }))),
    startTime: now - 600,
    endTime: now,
  });
});
afterAll(() => world?.close());

// biome-ignore lint/suspicious/noExplicitAny: wire bodies
type Wire = any;

describe('the record of a xuezhandaodi game', () => {
  it('keeps every win of a hand in its stored result, and the hand log as it was played', async () => {
    const log = (await storedRecord(world, uuid)).log.paipu.log as Wire[][];
    const hands = await world.database.db
      .select()
      .from(gameHands)
      .where(eq(gameHands.gameUuid, uuid))
      .orderBy(asc(gameHands.hand));
    expect(hands.map((h) => h.log)).toEqual(log);
    const wins = log.map((hand) => hand.filter((entry) => entry.hule).length);
    expect(Math.max(...wins)).toBeGreaterThanOrEqual(2);
    for (const [n, row] of hands.entries()) {
      const stored = (row.result as Wire).result;
      if (wins[n] === 0) expect(stored.kind).toBe('draw');
      else expect({ kind: stored.kind, wins: stored.wins.length }).toEqual({ kind: 'win', wins: wins[n] });
    }
    const listed = dataOf(await as.get('fetch_contest_game_records')).record_list.find(
      (r: Wire) => r.uuid === uuid,
    );
    expect(listed.result.players.reduce((sum: number, p: Wire) => sum + p.total_point, 0)).toBe(0);
  });

  it("is served as the engine's xuezhan record, typed by format, verified from the revealed seed", async () => {
    const file = await engineRecordFile(as, uuid, RecordFileFormat.XUEZHAN);
    const record = await storedRecord(world, uuid);
    expect(file.xuezhan).toEqual(record.log);
    expect(file.verification).toEqual({
      ok: true,
      hands: record.log.paipu.log.length,
      problems: [],
      redealt: [],
    });
    // Played back from the seed (compared as stored: a draw's payments may hold −0 in memory).
    const replayed = replayGame(file.xuezhan, file.seed, RULE);
    expect(JSON.parse(JSON.stringify(replayed.log))).toEqual(file.xuezhan.paipu.log);
  });

  it('a record whose stored seed was changed no longer verifies, and keeps its format', async () => {
    await expectForgedSeedRefused(world, as, uuid, RecordFileFormat.XUEZHAN);
  });
});
