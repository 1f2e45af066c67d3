import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { eventually, expectNoRawKeys, storedToken } from './support/console';
import { startSeasonNow } from './support/games';
import {
  accountOf,
  createTournament,
  grantCurrency,
  loginBrowser,
  openSignedIn,
  type Tournament,
} from './support/people';
import { playToTheEnd } from './support/table';

// The player portal end to end (issue 14, "done when"): two people, each in a browser of their own, sign up in
// the portal and get ready in the lobby; the organiser's plan seats them with two robots; both play the game to
// its end by clicking; each finds the record in their own records, and the organiser in the season's record
// page. One of them comes from the console's mobile hand-off, logged in.

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);
const PHONE = { width: 360, height: 740 };

describe('the player portal: two players from sign-up to their record', () => {
  const organiser = { who: newIdentity('pjorg'), token: '' };
  const people = [
    { who: newIdentity('pja'), token: '', accountId: 0 },
    { who: newIdentity('pjb'), token: '', accountId: 0 },
  ];
  let t: Tournament;
  const sessions: (BrowserSession | undefined)[] = [undefined, undefined];
  let org: BrowserSession | undefined;
  let gameUuid = '';

  beforeAll(async () => {
    [organiser.token, people[0].token, people[1].token] = await Promise.all(
      [organiser, ...people].map((p) => registerByApi(p.who)),
    );
    await grantCurrency(organiser.who.email);
    for (const p of people) p.accountId = (await accountOf(p.token)).accountId;
    t = await createTournament(organiser.token, {
      name: `Journey Cup ${nowS()}`,
      start: nowS() + 3600,
      end: nowS() + 7 * DAY,
      mode: 1,
    });
    await startSeasonNow(organiser.token, { uniqueId: t.unique_id, seasonId: t.season_id });
    // Open sign-up (players join at once) and the quickest thinking time.
    await call('/api/contest/update_contest_season', organiser.token, {
      unique_id: t.unique_id,
      season_id: t.season_id,
      setting: { signup_type: 2 },
    });
    await call('/api/contest/update_contest_base', organiser.token, {
      unique_id: t.unique_id,
      setting: {
        game_rule_setting: {
          mode: 1,
          detail_rule: { time_fixed: 3, time_add: 5 },
          game_setting: { emoji_switch: 1 },
        },
      },
    });
  });

  screenshotFailures(() => sessions[0]);
  screenshotFailures(() => sessions[1]);
  screenshotFailures(() => org);
  afterAll(async () => {
    for (const s of [...sessions, org]) await s?.close();
  });

  it('the first comes from the console’s mobile hand-off, logged in; the second opens the portal on a desktop', async () => {
    const phone = await openBrowser('portal-journey-a');
    sessions[0] = phone;
    await phone.page.setViewportSize(PHONE);
    await loginBrowser(phone.page, people[0].token, people[0].who.nickname);
    await phone.page.getByTestId('mobile-handoff').click();
    await phone.page.waitForURL((url) => url.pathname.startsWith('/play'));
    expect(new URL(phone.page.url()).searchParams.get('token')).toBeNull();
    expect(await storedToken(phone.page)).toBe(people[0].token);

    const desk = await openBrowser('portal-journey-b');
    sessions[1] = desk;
    await openSignedIn(desk.page, people[1].token, `/play`);
    await desk.page.waitForURL((url) => url.pathname === '/play');
  });

  it('both sign up by the tournament id and get ready in the lobby', async () => {
    for (const session of sessions) {
      const page = session!.page;
      await page.goto(`/play/${t.contest_id}`);
      await page.getByTestId('play-signup-button').click();
      await page.getByTestId('play-ready-card').waitFor();
      const toggle = page.getByTestId('play-ready-switch');
      await eventually(() => toggle.isEnabled(), Boolean, 'ready toggle enabled');
      await toggle.click();
    }
    await eventually(
      async () =>
        (
          await call<{ account_id: number }[]>(
            `/api/contest/ready_player_list?unique_id=${t.unique_id}&season_id=${t.season_id}`,
            organiser.token,
          )
        ).map((p) => p.account_id),
      (ready) => people.every((p) => ready.includes(p.accountId)),
      'both players ready',
    );
  });

  it('the organiser’s plan seats them with two robots; both tables open and both play to the settlement', async () => {
    await call('/api/contest/create_game_plan', organiser.token, {
      unique_id: t.unique_id,
      season_id: t.season_id,
      account_list: [people[0].accountId, people[1].accountId, 0, 0],
      init_points: [25000, 25000, 25000, 25000],
      game_start_time: nowS(),
      shuffle_seats: false,
      ai_level: 2,
      remark: '',
    });
    for (const session of sessions)
      await session!.page.waitForURL((url) => url.pathname.startsWith('/play/game/'));
    gameUuid = decodeURIComponent(new URL(sessions[0]!.page.url()).pathname.split('/').at(-1) ?? '');
    expect(new URL(sessions[1]!.page.url()).pathname).toBe(`/play/game/${gameUuid}`);
    // The emoji switch is on: a stamp sent at one table shows at the other.
    const [a, b] = sessions.map((s) => s!.page);
    await a.getByTestId('stamp-open').click();
    await a.getByTestId('stamp-1').click();
    await b.getByTestId('stamp-bubble').first().waitFor({ timeout: 5_000 });
    expect(await b.getByTestId('stamp-bubble').first().innerText()).toBe('👍');
    const plays = await Promise.all(sessions.map((s) => playToTheEnd(s!.page, { calls: 1 })));
    for (const play of plays) expect(play.decisions).toBeGreaterThan(5);
    for (const session of sessions) {
      expect(await session!.page.getByTestId('settlement-row').count()).toBe(4);
      await expectNoRawKeys(session!.page);
    }
    await sessions[0]!.page.screenshot({ path: 'e2e/screenshots/portal-journey-a-settlement.png' });
  });

  it('each finds the game in their own records, with its replay; the organiser in the season’s record page', async () => {
    for (const session of sessions) {
      const page = session!.page;
      await page.goto('/play/records');
      const record = page.locator(`[data-testid="play-record"][data-uuid="${gameUuid}"]`);
      await record.waitFor();
      expect(await record.getByTestId('play-record-replay').getAttribute('href')).toBe(
        `/play/replay/${gameUuid}`,
      );
      await expectNoRawKeys(page);
    }
    await sessions[0]!.page.getByTestId('play-record-replay').first().click();
    await sessions[0]!.page.getByTestId('replay-verification').waitFor();

    org = await openBrowser('portal-journey-org');
    await loginBrowser(org.page, organiser.token, organiser.who.nickname);
    await org.page.goto(`/contest/${t.contest_id}/season/${t.season_id}/record`);
    await org.page.getByTestId(`record-row-${gameUuid}`).waitFor();
  });
});
