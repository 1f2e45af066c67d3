import { replayGame } from '@taikai/engine';
import { CHUANMA_GAME_COUNTS, RecordFileFormat } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
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

// A Sichuan (chuanma) tournament hosted end to end through HTTP: created with the exchange (huansanzhang) on and
// bankruptcy (can_jifei) off, a plan of two players and two robots plays its 4 games (hands) to the end, and the
// record, the ranking, the live progress call and the record file (the engine's chuanma record, verified from the
// revealed seed) are what a standard game's are. The modes that still cannot be played are refused by name.

let world: World;
let s: Awaited<ReturnType<typeof seasonWithRoster>>;
let as: ReturnType<typeof caller>;
/** E S W N = player 0, robot, player 1, robot. */
let uuid: string;

const CHUANMA_RULE = { chuanma: 1, huansanzhang: 1, can_jifei: false };

beforeAll(async () => {
  world = await startWorld();
  ({ season: s, as, uuid } = await eastGameOfTwoPlayers(world, CHUANMA_RULE, 2));
});
afterAll(() => world?.close());

// biome-ignore lint/suspicious/noExplicitAny: wire bodies
type Wire = any;

describe('a chuanma tournament', () => {
  it('is created with its rule as sent: round type 1 (4 games), the exchange on, can_jifei off', async () => {
    const detail = dataOf(
      await world.get('fetch_contest_detail', { unique_id: s.unique_id }, { token: s.owner.token }),
    );
    expect(detail.game_mode.mode).toBe(1);
    expect(detail.game_mode.detail_rule).toMatchObject({ chuanma: 1, huansanzhang: 1, can_jifei: false });
    expect(CHUANMA_GAME_COUNTS[detail.game_mode.mode]).toBe(4);
  });

  it('check_contest_rule passes chuanma with 8 games, and names the modes that still cannot be played beside it', async () => {
    const ok = dataOf(
      await as.post('check_contest_rule', { game_rule_setting: { mode: 2, detail_rule: CHUANMA_RULE } }),
    );
    expect(ok).toEqual({ violations: [], unsupported: [] });
    const refused = dataOf(
      await as.post('check_contest_rule', {
        game_rule_setting: {
          mode: 1,
          detail_rule: { ...CHUANMA_RULE, wanxiangxiuluo_mode: 1, guyi_mode: 1 },
        },
      }),
    );
    expect(refused.unsupported.map((u: { field: string }) => u.field)).toEqual([
      'wanxiangxiuluo_mode',
      'guyi_mode',
    ]);
  });

  it('update_contest_base refuses a chuanma rule of three players with 2517 and the unsupported round type', async () => {
    const res = await as.post('update_contest_base', {
      setting: { game_rule_setting: { mode: 11, detail_rule: { ...CHUANMA_RULE } } },
    });
    expect(res.body.error?.code, JSON.stringify(res.body)).toBe(2517);
    expect(res.body.error.unsupported).toEqual([expect.objectContaining({ field: 'mode', value: 11 })]);
  });
});

describe('a chuanma game played by the host', () => {
  it('stores its 4 hands, each with its dealer, and a record whose points sum to zero in placement order', async () => {
    const hands = await world.database.db.select().from(gameHands).where(eq(gameHands.gameUuid, uuid));
    expect(hands).toHaveLength(4);
    const record = await storedRecord(world, uuid);
    expect(record.log).toMatchObject({ format: 'taikai/1', mode: 'chuanma', roundType: 1 });
    expect(record.log.chuanma).toMatchObject({ huansanzhang: true, canJifei: false, hands: 4 });
    expect(record.log.paipu.log).toHaveLength(4);

    const data = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 10 }));
    const listed = data.record_list.find((r: Wire) => r.uuid === uuid);
    expect(listed.config).toMatchObject({ mode: 1, detail_rule: { chuanma: 1, huansanzhang: 1 } });
    const points = listed.result.players.map((p: Wire) => p.total_point);
    expect(points.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    // Placement order: raw points never rise down the list; the raw points are the engine's final scores.
    const raw = listed.result.players.map((p: Wire) => p.part_point_1);
    expect(raw).toEqual([...raw].sort((a, b) => b - a));
    const bySeat = [0, 1, 2, 3].map(
      (seat) => listed.result.players.find((p: Wire) => p.seat === seat).part_point_1,
    );
    expect(bySeat).toEqual(record.log.paipu.defen);
    expect(raw.reduce((a: number, b: number) => a + b, 0)).toBe(4 * 25000);
    // Every hand's money balances: the deltas of its settlement sum to zero.
    for (const hand of record.log.paipu.log as Wire[][]) {
      const end = hand.at(-1).jiesuan;
      expect(end.deltas.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    }
  });

  it("the players' ranking counts the game: each player's score is their total points in thousandths", async () => {
    await expectRankingOfOneGame(as, uuid, [
      [s.ids[0], 0],
      [s.ids[1], 2],
    ]);
  });

  it('the live progress call answers the game ended with its final scores', async () => {
    await expectProgressEnded(world, uuid);
  });
});

describe('the record file of a chuanma game', () => {
  it("is the engine's chuanma record, typed by format, verified from the revealed seed; no Tenhou export", async () => {
    const file = await engineRecordFile(as, uuid, RecordFileFormat.CHUANMA);
    expect(file.verification).toEqual({ ok: true, hands: 4, problems: [], redealt: [] });
    const record = await storedRecord(world, uuid);
    expect(file.chuanma).toEqual(record.log);
    expect(file.chuanma.paipu.player).toEqual([
      s.roster[0].account.nickname,
      'Robot 1',
      s.roster[1].account.nickname,
      'Robot 2',
    ]);
    // Played back from the seed, every seat repeating its recorded choices, the game is the same.
    const replayed = replayGame(file.chuanma, file.seed, { ...record.detailRule });
    expect(replayed.log).toEqual(file.chuanma.paipu.log);
  });

  it('a player of the game reads the same file through fetch_my_game_record_file, with their seat', async () => {
    await expectPlayersFile(world, as, {
      uuid,
      player: s.roster[1],
      seat: 2,
      format: RecordFileFormat.CHUANMA,
    });
  });

  it('a record whose stored seed was changed no longer verifies', async () => {
    await expectForgedSeedRefused(world, as, uuid, RecordFileFormat.CHUANMA);
  });
});

describe('a player at a chuanma table, through the player link', () => {
  it('their exchange, void suit, discards and wins are answered through the link and are what the record holds', async () => {
    const { season: t, player, link } = await readyOnLink(world, CHUANMA_RULE);
    // The exchange is a list of exactly three tiles; anything else is refused (2517) and the link stays open.
    for (const huan of [['m1', 'm2'], 'm1m2m3', ['m1', 'm2', 3]]) {
      const refused = await link.ask(
        { op: 'answer', game_uuid: 'x', ask_id: 1, reply: { huan } },
        (m) => m.op === 'error',
      );
      expect(refused).toMatchObject({ code: 2517 });
    }
    // The player passes the first three tiles of the first suit holding three, voids 's', wins whenever offered,
    // discards the first tile allowed and passes every call.
    const passed: string[][] = [];
    let hand: string[] = [];
    const decide = (msg: Wire): Record<string, unknown> => {
      const options = msg.options ?? {};
      if (options.huan) {
        const suit = ['m', 'p', 's'].find((x) => hand.filter((tile) => tile[0] === x).length >= 3) as string;
        const three = hand.filter((tile) => tile[0] === suit).slice(0, 3);
        passed.push(three);
        return { huan: three };
      }
      if (options.dingque) return { dingque: 's' };
      if (options.hule) return { hule: '-' };
      if (options.dapai && (msg.zimo || msg.peng)) return { dapai: options.dapai[0] };
      return {};
    };
    link.onMessage = (m: LinkMessage) => {
      if (m.op !== 'game_message') return;
      const msg = m.msg as Wire;
      if (msg.qipai) hand = msg.qipai.shoupai.slice();
      if (!m.ask) return;
      link.send({ op: 'answer', game_uuid: m.game_uuid, ask_id: m.ask.id, reply: decide(msg) });
    };
    const record = (await playedWithRobots(world, t, player)) as Wire;
    await link.close();

    const hands = record.log.paipu.log as Wire[][];
    expect(hands).toHaveLength(4);
    expect(hands.map((h) => h.find((e) => e.huan).huan.out[0])).toEqual(passed);
    expect(hands.map((h) => h.find((e) => e.dingque).dingque[0])).toEqual(['s', 's', 's', 's']);
    // The default answers (the robots' exchange and void) would not have passed these tiles and voided 's' in every
    // hand: the link's replies were taken. The player's replay file verifies.
    const file = dataOf(
      await world.get('fetch_my_game_record_file', { uuid: record.uuid }, { token: player.token }),
    );
    expect(file.verification.ok).toBe(true);
    expect(file.record.seat).toBe(0);
  });
});
