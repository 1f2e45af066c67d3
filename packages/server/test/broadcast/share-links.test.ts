import { ErrorCode } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests, gameMoments } from '../../src/db/schema';
import { riichiSeatOf } from '../../src/games/moments';
import { redactUrl } from '../../src/http/logging';
import {
  eventually,
  gameOfPlan,
  gameRow,
  makeReady,
  plan,
  playRecordedGame,
  seasonWithRoster,
  type World,
} from '../support/games';
import { type Reply, startWorld } from '../support/world';

// Broadcasting: share links of overlays made by the creator and admins, opened by their token alone, for their
// own target only, showing the table and the standings as they stood the tournament's spectator delay ago; the
// public live page of a season shown in the list.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

type Season = Awaited<ReturnType<typeof seasonWithRoster>>;
const seasonOf = (s: Season) => ({ unique_id: s.unique_id, season_id: s.season_id });

async function setDelay(uniqueId: number, seconds: number) {
  await world.database.db
    .update(contests)
    .set({ spectateDelay: seconds })
    .where(eq(contests.uniqueId, uniqueId));
}

function data(res: Reply) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

function refused(res: Reply, code: number) {
  expect(res.body.error?.code, JSON.stringify(res.body)).toBe(code);
}

/** A running game whose one player is linked and never answers: the table waits on their seat. */
async function runningGame(s: Season) {
  const host = world.app.deps.games;
  const player = s.ids[0];
  const stop = host.live.onAccount(player, () => {});
  makeReady(world, s.unique_id, s.season_id, [player]);
  const planUuid = await plan(world, s.owner, seasonOf(s), [player, 0, 0, 0], { ai_level: 0 });
  const uuid = await gameOfPlan(world, planUuid);
  const row = await eventually(async () => {
    const game = await gameRow(world, uuid);
    return game.handStart ? game : null;
  }, 'the first hand');
  await eventually(
    async () =>
      (await world.database.db.select().from(gameMoments).where(eq(gameMoments.gameUuid, uuid))).length,
    'the first moment',
  );
  return {
    uuid,
    started: row.updateTime,
    initPoints: row.seats.map((seat) => seat.init_points),
    end: () => {
      stop();
      host.linkChanged(player);
    },
  };
}

const overlayTable = (token: string) => world.get('fetch_overlay_table', { token });
const overlayStandings = (token: string) => world.get('fetch_overlay_standings', { token });

describe('share links', () => {
  it('a table overlay shows nothing younger than the delay, opens only its own overlay, and stops when revoked', async () => {
    const s = await seasonWithRoster(world, 1);
    await setDelay(s.unique_id, 30);
    const game = await runningGame(s);
    try {
      const link = data(
        await world.post(
          'create_share_link',
          { unique_id: s.unique_id, kind: 'table', game_uuid: game.uuid, size: '1280x720' },
          { token: s.owner.token },
        ),
      );
      expect(link.token).toMatch(/^sl_/);
      expect(link).toMatchObject({ kind: 'table', target: game.uuid, size: '1280x720' });
      expect(link.prefix).toBe(link.token.slice(0, 7));

      // The first hand started at `started`: 29 s later it is still too young to show, at 30 s it shows.
      world.clock.advance(game.started + 29 - world.clock.now());
      const early = data(await overlayTable(link.token));
      expect(early).toMatchObject({ uuid: game.uuid, started: 0, ended: 0, delay: 30, size: '1280x720' });
      world.clock.advance(1);
      const shown = data(await overlayTable(link.token));
      expect(shown.started).toBe(1);
      expect(shown.seats.map((x: { score: number }) => x.score)).toEqual(game.initPoints);
      expect(shown).toMatchObject({ chang: 0, ju: 0, ben: 0, liqibang: 0, last_result: null });

      // The token opens its own overlay only: not the standings overlay, not a call as a session.
      refused(await overlayStandings(link.token), ErrorCode.PARAM_ERROR);
      const asSession = await world.get(
        'fetch_contest_detail',
        { unique_id: s.unique_id },
        { token: link.token },
      );
      expect(asSession.status).toBe(401);
      const asList = await world.get(
        'fetch_share_link_list',
        { unique_id: s.unique_id },
        { token: link.token },
      );
      expect(asList.status).toBe(401);

      // The list never carries a token.
      const owner = { token: s.owner.token };
      const listed = data(await world.get('fetch_share_link_list', { unique_id: s.unique_id }, owner));
      expect(listed.list.map((l: { id: number }) => l.id)).toEqual([link.id]);
      expect(JSON.stringify(listed)).not.toContain(link.token);

      data(await world.post('revoke_share_link', { unique_id: s.unique_id, id: link.id }, owner));
      refused(await overlayTable(link.token), ErrorCode.PARAM_ERROR);
      refused(
        await world.post('revoke_share_link', { unique_id: s.unique_id, id: link.id }, owner),
        ErrorCode.PARAM_ERROR,
      );
      expect(data(await world.get('fetch_share_link_list', { unique_id: s.unique_id }, owner)).list).toEqual(
        [],
      );
    } finally {
      game.end();
    }
  });

  it("a link's target must be the tournament's own; a stranger makes none", async () => {
    const s = await seasonWithRoster(world, 0);
    const stranger = await world.organiser();
    const owner = { token: s.owner.token };
    refused(
      await world.post(
        'create_share_link',
        { unique_id: s.unique_id, kind: 'standings', season_id: s.season_id + 99 },
        owner,
      ),
      ErrorCode.NO_ACTIVE_SEASON,
    );
    refused(
      await world.post(
        'create_share_link',
        { unique_id: s.unique_id, kind: 'table', game_uuid: '00000000-0000-4000-8000-000000000001' },
        owner,
      ),
      ErrorCode.PARAM_ERROR,
    );
    refused(
      await world.post('create_share_link', { ...seasonOf(s), kind: 'standings', mode: 'team' }, owner),
      ErrorCode.TEAM_IN_PERSONAL_SEASON,
    );
    refused(
      await world.post('create_share_link', { ...seasonOf(s), kind: 'standings' }, { token: stranger.token }),
      ErrorCode.CONTEST_NOT_FOUND,
    );
  });

  it('standings and the public live page count only games older than the delay; an unlisted tournament has no live page', async () => {
    const s = await seasonWithRoster(world, 4);
    await setDelay(s.unique_id, 60);
    const link = data(
      await world.post(
        'create_share_link',
        { ...seasonOf(s), kind: 'standings', top: 3 },
        { token: s.owner.token },
      ),
    );
    const contestId = (
      await world.database.db.select().from(contests).where(eq(contests.uniqueId, s.unique_id))
    )[0].contestId;
    await playRecordedGame(world, s.owner, seasonOf(s), s.ids);
    const before = data(await overlayStandings(link.token));
    expect(before).toMatchObject({ mode: 'personal', top: 3, delay: 60, list: [] });
    const liveBefore = data(await world.get('fetch_season_live', { contest_id: contestId }));
    expect(liveBefore).toMatchObject({ season_id: s.season_id, delay: 60, standings: [], latest: [] });

    // Standings are counted in steps of 5 seconds, rounded down: never younger than the delay.
    world.clock.advance(65);
    const after = data(await overlayStandings(link.token));
    expect(after.list).toHaveLength(3);
    expect(after.list[0].rank).toBe(1);
    const names = s.roster.map((p) => p.account.nickname);
    for (const row of after.list) expect(names).toContain(row.name);
    const live = data(await world.get('fetch_season_live', { contest_id: contestId }));
    expect(live.standings).toHaveLength(4);
    expect(live.latest).toHaveLength(1);
    expect(live.latest[0].players.map((p: { place: number }) => p.place)).toEqual([1, 2, 3, 4]);

    // The table token of another kind opens nothing here.
    refused(await overlayTable(link.token), ErrorCode.PARAM_ERROR);

    // Off the list: the live page is refused as for a tournament that does not exist.
    data(
      await world.post(
        'update_contest_base',
        { unique_id: s.unique_id, setting: { open_show: 0 } },
        { token: s.owner.token },
      ),
    );
    refused(await world.get('fetch_season_live', { contest_id: contestId }), ErrorCode.CONTEST_NOT_FOUND);
  });

  it("an overlay's address is logged without its token", () => {
    const token = `sl_${'x'.repeat(43)}`;
    expect(redactUrl(`/overlay/table/${token}?lang=en`)).toBe('/overlay/table/[redacted]?lang=en');
    expect(redactUrl(`/overlay/standings/${token}`)).toBe('/overlay/standings/[redacted]');
    expect(redactUrl(`/api/contest/fetch_overlay_table?token=${token}`)).not.toContain(token);
  });

  it('a riichi is read from the discard that declares it', () => {
    expect(riichiSeatOf({ dapai: { l: 2, p: 'm5*' } })).toBe(2);
    expect(riichiSeatOf({ dapai: { l: 2, p: 'm5_*' } })).toBe(2);
    expect(riichiSeatOf({ dapai: { l: 1, p: 'z3' } })).toBeNull();
    expect(riichiSeatOf({ zimo: { l: 1, p: 'z3' } })).toBeNull();
  });
});
