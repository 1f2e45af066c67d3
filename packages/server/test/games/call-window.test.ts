import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOfPlan, makeReady, plan, seasonWithRoster } from '../support/games';
import { LinkClient as Link, type LinkMessage, listen } from '../support/link-client';
import { startWorld, type World } from '../support/world';

// At a table of two people on their player links, every discard is followed by the configured call window
// (TAIKAI_CALL_WINDOW_MS) before the next message, offer or not (README, "What the table's timing shows").

const WINDOW = 300;

let world: World;
let base: string;
beforeAll(async () => {
  world = await startWorld({ TAIKAI_CALL_WINDOW_MS: String(WINDOW) });
  base = await listen(world);
});
afterAll(() => world?.close());

/** Answers every decision at once: the drawn tile is discarded, anything else passed. */
function answerAtOnce(link: Link, received: { at: number; m: LinkMessage }[]): void {
  link.onMessage = (m) => {
    if (m.op !== 'game_message') return;
    received.push({ at: performance.now(), m });
    if (!m.ask) return;
    const msg = m.msg as Record<string, { p?: string }>;
    const draw = msg.zimo ?? msg.gangzimo;
    link.send({
      op: 'answer',
      game_uuid: m.game_uuid,
      ask_id: m.ask.id,
      reply: draw?.p ? { dapai: `${draw.p}_` } : {},
    });
  };
}

describe('the call window at a table of people', () => {
  it('each discard a player is shown is followed by the window before the next message', async () => {
    const s = await seasonWithRoster(world, 2, { game_rule_setting: { mode: 1 } });
    const links = [await Link.as(base, s.roster[0]), await Link.as(base, s.roster[1])];
    const seen: { at: number; m: LinkMessage }[] = [];
    answerAtOnce(links[0], seen);
    answerAtOnce(links[1], []);
    makeReady(world, s.unique_id, s.season_id, s.ids);
    await gameOfPlan(world, await plan(world, s.owner, s, [s.ids[0], 0, s.ids[1], 0], { ai_level: 1 }));

    const discards = 12;
    const followed = () =>
      seen.filter((x, i) => (x.m.msg as { dapai?: unknown }).dapai && seen[i + 1]).length;
    await links[0].next(() => followed() >= discards, 0);
    const pauses = seen.flatMap((x, i) =>
      (x.m.msg as { dapai?: unknown }).dapai && seen[i + 1] ? [seen[i + 1].at - x.at] : [],
    );
    pauses.sort((a, b) => a - b);
    // Messages can be held up on their way (a busy machine) but the table never releases one early.
    expect(pauses[Math.floor(pauses.length / 2)]).toBeGreaterThanOrEqual(WINDOW * 0.9);
    for (const link of links) await link.close();
  });
});
