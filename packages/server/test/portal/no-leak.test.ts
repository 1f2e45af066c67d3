import type { PlayerLinkOut } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOfPlan, makeReady, plan, recordOf, seasonWithRoster } from '../support/games';
import { LinkClient as Link, type LinkClient, type LinkMessage, listen } from '../support/link-client';
import { startWorld, type World } from '../support/world';

// Nothing about another seat's concealed tiles reaches a seat before it is public: a whole East game of two
// human seats (each on its own player link) and two robots is played, and everything each link was sent is
// checked against the game's record, which holds every hand in full.

let world: World;
let base: string;
beforeAll(async () => {
  world = await startWorld();
  base = await listen(world);
});
afterAll(() => world?.close());

type TableMessage = {
  game_uuid: string;
  seat: number;
  msg: Record<string, unknown>;
  ask: { id: number } | null;
};

/** The table messages a link received, in order: those of a `table_state`, then the live ones. */
function tableOf(client: LinkClient): TableMessage[] {
  return client.messages.flatMap((m): TableMessage[] =>
    m.op === 'table_state'
      ? (m as Extract<PlayerLinkOut, { op: 'table_state' }>).messages.map((t) => ({
          game_uuid: m.game_uuid as string,
          seat: m.seat as number,
          ...t,
        }))
      : m.op === 'game_message'
        ? [m as unknown as TableMessage]
        : [],
  );
}

/** Answers every decision the link is asked: the drawn tile is discarded, anything else passed. */
function autoPlay(client: LinkClient): void {
  client.onMessage = (m: LinkMessage) => {
    if (m.op !== 'game_message' || !m.ask) return;
    const msg = m.msg as Record<string, { p?: string }>;
    const draw = msg.zimo ?? msg.gangzimo;
    const reply = draw?.p ? { dapai: `${draw.p}_` } : {};
    client.send({ op: 'answer', game_uuid: m.game_uuid, ask_id: m.ask.id, reply });
  };
}

/** Every key anywhere in a value. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  }
  return out;
}

type Hand = { messages: TableMessage[]; menfeng: number };

/** A seat's messages cut into hands, each from its deal (`qipai`) up to its end (`hule`/`pingju`), excluded. */
function handsOf(messages: TableMessage[]): Hand[] {
  const hands: Hand[] = [];
  let open: Hand | null = null;
  for (const m of messages) {
    const qipai = m.msg.qipai as { shoupai: string[] } | undefined;
    if (qipai) {
      open = { messages: [], menfeng: qipai.shoupai.findIndex((h) => h !== '') };
      hands.push(open);
    }
    if ('hule' in m.msg || 'pingju' in m.msg) open = null;
    if (open) open.messages.push(m);
  }
  return hands;
}

describe('no concealed tile of another seat reaches a seat', () => {
  it('over a whole East game, each seat is sent its own deal and draws only, never the wall, the seed or another hand', async () => {
    const s = await seasonWithRoster(world, 2, { game_rule_setting: { mode: 1 } });
    const links = [await Link.as(base, s.roster[0]), await Link.as(base, s.roster[1])];
    for (const link of links) autoPlay(link);
    makeReady(world, s.unique_id, s.season_id, s.ids);
    const gameUuid = await gameOfPlan(
      world,
      await plan(world, s.owner, s, [s.ids[0], 0, s.ids[1], 0], { ai_level: 1, shuffle_seats: false }),
    );
    for (const link of links) await link.next((m) => m.op === 'game_end', 0);
    const record = await recordOf(world, gameUuid);
    const log = record.log as { paipu: { log: Record<string, { shoupai?: string[] }>[][] } };
    const dealt = log.paipu.log.map((hand) => hand.find((m) => m.qipai)?.qipai?.shoupai as string[]);
    expect(dealt.length).toBeGreaterThan(0);

    for (const [i, link] of links.entries()) {
      const seat = i === 0 ? 0 : 2;
      const messages = tableOf(link);
      expect(messages.length).toBeGreaterThan(50);
      // Only this seat's messages, of this game.
      expect(messages.every((m) => m.seat === seat && m.game_uuid === gameUuid)).toBe(true);
      // The wall and its seed are never sent (the seed is revealed by the record file only, after the end).
      const keys = keysIn(link.messages);
      for (const secret of ['shan', 'seed']) expect(keys.has(secret)).toBe(false);
      expect(JSON.stringify(link.messages)).not.toContain(record.seed);

      const hands = handsOf(messages);
      expect(hands).toHaveLength(dealt.length);
      for (const [h, hand] of hands.entries()) {
        const { menfeng } = hand;
        const deal = hand.messages[0].msg.qipai as { shoupai: string[] };
        // Its own deal is the record's; every other hand is blank.
        expect(deal.shoupai[menfeng]).toBe(dealt[h][menfeng]);
        expect(deal.shoupai.filter((x, l) => l !== menfeng && x !== '')).toEqual([]);
        for (const m of hand.messages) {
          // Another seat's draw is announced without its tile.
          for (const key of ['zimo', 'gangzimo']) {
            const draw = m.msg[key] as { l: number; p: string } | undefined;
            if (draw && draw.l !== menfeng) expect(draw.p, `hand ${h} ${key} of ${draw.l}`).toBe('');
          }
          // No message of the hand, before it ends, spells another seat's concealed deal.
          const text = JSON.stringify(m.msg);
          for (const [l, other] of dealt[h].entries()) {
            if (l !== menfeng) expect(text.includes(other), `hand ${h}: seat ${l}'s deal`).toBe(false);
          }
        }
      }
    }
    for (const link of links) await link.close();
  }, 200_000);
});
