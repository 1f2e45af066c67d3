import { refuseUnsupported, replayGame, UnsupportedRuleError } from '@taikai/engine';
import { RecordFileFormat, unsupportedRuleFields } from '@taikai/protocol';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameHands } from '../../src/db/schema';
import { type caller, dataOf } from '../records/support';
import { eastGameOfTwoPlayers, playedWithRobots, readyOnLink, type seasonWithRoster } from '../support/games';
import type { LinkMessage } from '../support/link-client';
import {
  engineRecordFile,
  expectForgedSeedRefused,
  expectPlayersFile,
  expectProgressEnded,
  expectRankingOfOneGame,
  storedRecord,
} from '../support/record-files';
import { startWorld, type World } from '../support/world';

// A xuezhandaodi (bloody end, Battle of Asura) tournament hosted end to end through HTTP: created East with the
// exchange (huansanzhang) on, a plan of two players and two robots plays its hands to the end — hands that go on
// after a win, several wins in one hand —, and the record, the ranking, the live progress call and the record file
// (the engine's own record, verified from the revealed seed: Tenhou's format ends a hand at its win) are what a
// standard game's are. A player's exchange is taken through the player link.

let world: World;
let s: Awaited<ReturnType<typeof seasonWithRoster>>;
let as: ReturnType<typeof caller>;
/** E S W N = player 0, robot, player 1, robot. */
let uuid: string;

const XUEZHAN_RULE = { xuezhandaodi: 1, huansanzhang: 1 };

beforeAll(async () => {
  world = await startWorld();
  ({ season: s, as, uuid } = await eastGameOfTwoPlayers(world, XUEZHAN_RULE, 1));
});
afterAll(() => world?.close());

// biome-ignore lint/suspicious/noExplicitAny: wire bodies
type Wire = any;

/** The tiles of a concealed hand in the rules engine's notation (`m123p0z11` → m1 m2 m3 p0 z1 z1). */
function tilesOf(paistr: string): string[] {
  return [...paistr.matchAll(/([mpsz])(\d+)/g)].flatMap(([, suit, digits]) =>
    [...digits].map((d) => suit + d),
  );
}

/** The wins a hand's record holds. */
const huleCount = (hand: Wire[]) => hand.filter((entry) => entry.hule).length;

describe('a xuezhandaodi tournament', () => {
  it('is created with its rule as sent: round type 1 (four-player East), the exchange on', async () => {
    const detail = dataOf(
      await world.get('fetch_contest_detail', { unique_id: s.unique_id }, { token: s.owner.token }),
    );
    expect(detail.game_mode.mode).toBe(1);
    expect(detail.game_mode.detail_rule).toMatchObject({ xuezhandaodi: 1, huansanzhang: 1 });
  });

  it('check_contest_rule passes xuezhandaodi East and names the round type of South and what the mode refuses', async () => {
    const ok = dataOf(
      await as.post('check_contest_rule', { game_rule_setting: { mode: 1, detail_rule: XUEZHAN_RULE } }),
    );
    expect(ok).toEqual({ violations: [], unsupported: [] });
    const south = dataOf(
      await as.post('check_contest_rule', { game_rule_setting: { mode: 2, detail_rule: XUEZHAN_RULE } }),
    );
    expect(south.unsupported).toEqual([
      { field: 'mode', value: 2, reason: 'a xuezhandaodi game is four-player East (round type 1)' },
    ]);
    const refused = dataOf(
      await as.post('check_contest_rule', {
        game_rule_setting: {
          mode: 1,
          detail_rule: {
            ...XUEZHAN_RULE,
            have_toutiao: true,
            enable_baopai_extend_settings: 1,
            guyi_mode: 1,
          },
        },
      }),
    );
    expect(refused.unsupported.map((u: { field: string }) => u.field)).toEqual([
      'guyi_mode',
      'have_toutiao',
      'enable_baopai_extend_settings',
    ]);
  });

  it('update_contest_base refuses xuezhandaodi South with 2517 and the unsupported round type', async () => {
    const res = await as.post('update_contest_base', {
      setting: { game_rule_setting: { mode: 2, detail_rule: { ...XUEZHAN_RULE } } },
    });
    expect(res.body.error?.code, JSON.stringify(res.body)).toBe(2517);
    expect(res.body.error.unsupported).toEqual([expect.objectContaining({ field: 'mode', value: 2 })]);
  });

  it("the server's list refuses what the engine's xuezhandaodi table refuses, field for field", () => {
    const rules: [Record<string, number | boolean>, number][] = [
      [XUEZHAN_RULE, 1],
      [{ xuezhandaodi: 1 }, 2],
      [{ xuezhandaodi: 1 }, 11],
      [{ xuezhandaodi: 1, dora3_mode: 1, guyi_mode: 1, have_sanjiahele: 1 }, 1],
      [{ xuezhandaodi: 1, have_toutiao: 1, enable_baopai_extend_settings: 1, fanfu: 3, dora_count: 2 }, 1],
      [{ xuezhandaodi: 1, wanxiangxiuluo_mode: 1, init_point: 0, can_jifei: 0, have_nanruxiru: 1 }, 1],
    ];
    for (const [rule, roundType] of rules) {
      let engine: string[] = [];
      try {
        refuseUnsupported(rule, roundType);
      } catch (error) {
        expect(error).toBeInstanceOf(UnsupportedRuleError);
        engine = (error as UnsupportedRuleError).fields.map((f) => f.field);
      }
      expect(unsupportedRuleFields(rule, roundType).map((f) => f.field)).toEqual(engine);
    }
  });
});

describe('a xuezhandaodi game played by the host', () => {
  it('stores every hand with its wins as they happened, and a record whose points sum to zero in placement order', async () => {
    const record = await storedRecord(world, uuid);
    expect(record.log).toMatchObject({ format: 'taikai/1', mode: 'xuezhan', roundType: 1 });
    expect(record.log.xuezhan).toEqual({ huansanzhang: true });
    const log = record.log.paipu.log as Wire[][];
    const hands = await world.database.db
      .select()
      .from(gameHands)
      .where(eq(gameHands.gameUuid, uuid))
      .orderBy(asc(gameHands.hand));
    expect(hands.length).toBe(log.length);
    expect(hands.length).toBeGreaterThanOrEqual(1);
    for (const [n, row] of hands.entries()) {
      // Each hand's stored result names every win of its record (a hand goes on after a win, up to three),
      // and a draw after them when the wall ran out before the third.
      const stored = row.result as Wire;
      expect(row.log).toEqual(log[n]);
      expect(stored.ben).toBe(0);
      const wins = huleCount(log[n]);
      expect(wins).toBeLessThanOrEqual(3);
      if (wins === 0) {
        expect(stored.result.kind).toBe('draw');
        continue;
      }
      expect(stored.result.kind).toBe('win');
      expect(stored.result.wins).toHaveLength(wins);
      expect(stored.result.draw !== undefined).toBe(log[n].at(-1).pingju !== undefined);
    }

    const data = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 10 }));
    const listed = data.record_list.find((r: Wire) => r.uuid === uuid);
    expect(listed.config).toMatchObject({ mode: 1, detail_rule: { xuezhandaodi: 1, huansanzhang: 1 } });
    const points = listed.result.players.map((p: Wire) => p.total_point);
    expect(points.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    // Placement order: raw points never rise down the list; they are the engine's final scores, first place
    // with the riichi sticks left on the table.
    const raw = listed.result.players.map((p: Wire) => p.part_point_1);
    expect(raw).toEqual([...raw].sort((a, b) => b - a));
    const bySeat = [0, 1, 2, 3].map(
      (seat) => listed.result.players.find((p: Wire) => p.seat === seat).part_point_1,
    );
    const first = listed.result.players[0].seat;
    expect(bySeat).toEqual(
      record.log.paipu.defen.map((d: number, seat: number) =>
        seat === first ? d + record.log.leftoverStickPoints : d,
      ),
    );
    expect(raw.reduce((a: number, b: number) => a + b, 0)).toBe(4 * 25000);
  });

  it("the players' ranking counts the game: each player's score is their total points in thousandths", async () => {
    await expectRankingOfOneGame(as, uuid, [
      [s.ids[0], 0],
      [s.ids[1], 2],
    ]);
  });

  it('the live progress call answers the game ended with its final scores, honba always 0', async () => {
    await expectProgressEnded(world, uuid);
  });
});

describe('the record file of a xuezhandaodi game', () => {
  it("is the engine's xuezhan record, typed by format, verified from the revealed seed; no Tenhou export", async () => {
    const file = await engineRecordFile(as, uuid, RecordFileFormat.XUEZHAN);
    const record = await storedRecord(world, uuid);
    expect(file.verification).toEqual({
      ok: true,
      hands: record.log.paipu.log.length,
      problems: [],
      redealt: [],
    });
    expect(file.xuezhan).toEqual(record.log);
    expect(file.xuezhan.paipu.player).toEqual([
      s.roster[0].account.nickname,
      'Robot 1',
      s.roster[1].account.nickname,
      'Robot 2',
    ]);
    // Every deal holds its exchange: a direction and three tiles from each seat.
    for (const hand of file.xuezhan.paipu.log as Wire[][]) {
      const { huan } = hand[0].qipai;
      expect(['counterclockwise', 'opposite', 'clockwise']).toContain(huan.direction);
      expect(huan.given.map((tiles: string[]) => tiles.length)).toEqual([3, 3, 3, 3]);
    }
    // Played back from the seed, every seat repeating its recorded choices, the game is the same.
    // (Compared as JSON, as the record is stored: a draw's payments may hold −0 in memory.)
    const replayed = replayGame(file.xuezhan, file.seed, { ...record.detailRule });
    expect(JSON.parse(JSON.stringify(replayed.log))).toEqual(file.xuezhan.paipu.log);
  });

  it('a player of the game reads the same file through fetch_my_game_record_file, with their seat', async () => {
    await expectPlayersFile(world, as, {
      uuid,
      player: s.roster[1],
      seat: 2,
      format: RecordFileFormat.XUEZHAN,
    });
  });

  it('a record whose stored seed was changed no longer verifies', async () => {
    await expectForgedSeedRefused(world, as, uuid, RecordFileFormat.XUEZHAN);
  });
});

describe('a player at a xuezhandaodi table, through the player link', () => {
  it('their exchange is asked with their hand and the direction, and the three tiles they answer are the ones passed', async () => {
    const { season: t, player, link } = await readyOnLink(world, XUEZHAN_RULE);
    // The player passes the first three tiles of the hand shown (any suits: the mode has no same-suit rule),
    // discards the tile drawn and passes every call.
    const asked: { passed: string[]; direction: string }[] = [];
    link.onMessage = (m: LinkMessage) => {
      if (m.op !== 'game_message' || !m.ask) return;
      const msg = m.msg as Wire;
      let reply: Record<string, unknown> = {};
      if (msg.huan) {
        const passed = tilesOf(msg.huan.shoupai).slice(0, 3);
        asked.push({ passed, direction: msg.huan.direction });
        reply = { huan: passed };
      } else if (msg.zimo?.p) reply = { dapai: `${msg.zimo.p}_` };
      link.send({ op: 'answer', game_uuid: m.game_uuid, ask_id: m.ask.id, reply });
    };
    const record = (await playedWithRobots(world, t, player)) as Wire;
    await link.close();

    const hands = record.log.paipu.log as Wire[][];
    expect(asked).toHaveLength(hands.length);
    // The exchange is recorded by seat from the dealer: the player (seat 0, the first dealer) is seat −jushu.
    const recorded = hands.map((h) => {
      const { jushu, huan } = h[0].qipai;
      return { passed: huan.given[(4 - jushu) % 4], direction: huan.direction };
    });
    expect(recorded).toEqual(asked);
    const file = dataOf(
      await world.get('fetch_my_game_record_file', { uuid: record.uuid }, { token: player.token }),
    );
    expect(file.verification.ok).toBe(true);
    expect(file.format).toBe(RecordFileFormat.XUEZHAN);
    expect(file.record.seat).toBe(0);
  });
});
