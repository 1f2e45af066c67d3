import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, openBrowser, screenshotFailures } from './support/browser';
import { atRest, chooseLanguage, eventually, expectNoRawKeys, expectText } from './support/console';
import {
  addToRoster,
  closeAll,
  type RosterPlayer,
  registerPlayers,
  ScriptedPlayer,
  seasonRecords,
  startSeasonNow,
} from './support/games';
import { accountOf, createTournament, grantCurrency, openSignedIn, type Tournament } from './support/people';

const DAY = 24 * 3600;
const nowS = () => Math.floor(Date.now() / 1000);

// Watching games: an observer of the tournament (observers on, a 2-second spectator delay) opens a running game
// from the season's Games page (match-manage): the watch page says how far behind live it is and shows every
// seat's hand open, from any seat's side; the organiser finds it in the portal lobby's games running; once the
// game is over, a row of the season's records opens its replay.
describe('spectating: an observer watches a running game, then replays its record', () => {
  const organiser = { who: newIdentity('sporg'), token: '' };
  const observer = { who: newIdentity('spobs'), token: '' };
  const tag = organiser.who.nickname.slice(-4);
  let players: RosterPlayer[] = [];
  let t: Tournament;
  let obs: BrowserSession;
  let links: ScriptedPlayer[] = [];
  let gameUuid = '';
  const ids = () => ({ uniqueId: t.unique_id, seasonId: t.season_id });
  const pageOf = (sub: string) => `/contest/${t.contest_id}/season/${t.season_id}/${sub}`;

  beforeAll(async () => {
    const [token, observerToken, registered] = await Promise.all([
      registerByApi(organiser.who),
      registerByApi(observer.who),
      registerPlayers('sppl', 1),
    ]);
    organiser.token = token;
    observer.token = observerToken;
    players = registered;
    await grantCurrency(organiser.who.email);
    const now = nowS();
    t = await createTournament(token, {
      name: `Watch Cup ${tag}`,
      start: now + DAY,
      end: now + 30 * DAY,
      mode: 1,
    });
    await call('/api/contest/update_contest_base', token, {
      unique_id: t.unique_id,
      setting: { observer_switch: 1, spectate_delay: 2 },
    });
    await call('/api/contest/set_observer_list', token, {
      unique_id: t.unique_id,
      add_list: [(await accountOf(observerToken)).accountId],
    });
    await addToRoster(token, ids(), players);
    await startSeasonNow(token, ids());
    // A player who takes their time (the game stays running while it is watched) and three robots.
    links = [await ScriptedPlayer.connect(players[0], ids(), { delayMs: 400 })];
    await links[0].ready();
    await call('/api/contest/create_game_plan', token, {
      unique_id: t.unique_id,
      season_id: t.season_id,
      account_list: [players[0].accountId, 0, 0, 0],
    });
    gameUuid = (await links[0].game()).uuid;
    obs = await openBrowser('spectate');
  });

  afterAll(async () => {
    closeAll(links);
    await obs?.close();
  });
  let broken = false;
  beforeEach((context) => {
    if (broken) context.skip();
  });
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') broken = true;
  });
  screenshotFailures(() => obs);

  it('1 · the observer opens the running game from the Games page: the delay shown, every hand open', async () => {
    const { page } = obs;
    await openSignedIn(page, observer.token, '/');
    await chooseLanguage(page, 'en');
    await page.goto(pageOf('match-manage'));
    await page.getByTestId(`running-row-${gameUuid}`).waitFor();
    await page.getByTestId(`running-watch-${gameUuid}`).click();
    await page.waitForURL(`**/play/watch/${gameUuid}?unique_id=${t.unique_id}`);
    await expectText(page.getByTestId('watch-delay'), '2 seconds behind live');

    // Once a hand is dealt, the three other seats' hands are shown face up, and so is the bottom one.
    const edgeTiles = page.locator('.tt-edge [role="img"]');
    await eventually(
      () => edgeTiles.count(),
      (n) => n >= 3 * 13,
      'the other seats’ hands on the board',
    );
    expect(await page.locator('.tt-edge [aria-label="back"]').count()).toBe(0);
    expect(await page.getByTestId('hand-tile').count()).toBeGreaterThanOrEqual(13);
    // Players by their nicknames, robots by their numbers; nothing to act with.
    const names = await page.getByTestId('watch-seat').locator('option').allInnerTexts();
    expect(names).toEqual([players[0].who.nickname, 'Robot 1', 'Robot 2', 'Robot 3']);
    expect(await page.locator('[data-allowed="true"]').count()).toBe(0);
    await expectNoRawKeys(page);
    await atRest(page, { dialogs: false });
    await obs.screenshot('01-watch-en');

    // Seen from the third seat (a robot's): it is at the bottom, its hand open there; in Japanese, on a phone.
    await page.getByTestId('watch-seat').selectOption('2');
    await eventually(
      () => page.getByTestId('watch').getAttribute('data-seat'),
      (seat) => seat === '2',
      'third seat at the bottom',
    );
    await expectText(page.getByTestId('my-name'), 'Robot 2');
    expect(await page.locator('.tt-edge [aria-label="back"]').count()).toBe(0);
    await page.getByTestId('table-language').selectOption('jp');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectText(page.getByTestId('watch-delay'), 'ライブから2秒遅れ');
    await expectNoRawKeys(page);
    await atRest(page, { dialogs: false });
    await obs.screenshot('02-watch-jp');
  });

  it('2 · the organiser finds the game among the lobby’s games running, and its link watches it', async () => {
    const { page } = obs;
    await openSignedIn(page, organiser.token, `/play/${t.contest_id}`);
    const game = page.locator(`[data-testid="play-running-game"][data-uuid="${gameUuid}"]`);
    await game.waitFor();
    await game.getByTestId('play-running-watch').click();
    await page.waitForURL(`**/play/watch/${gameUuid}?unique_id=${t.unique_id}`);
    await page.getByTestId('watch-delay').waitFor();
    await eventually(
      () => page.locator('.tt-edge [role="img"]').count(),
      (n) => n >= 3 * 13,
      'the other seats’ hands on the board',
    );
    expect(await page.locator('.tt-edge [aria-label="back"]').count()).toBe(0);
  });

  it('3 · the game over, a row of the season’s records opens its replay', async () => {
    const { page } = obs;
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const link of links) link.delayMs = 0;
    await eventually(
      () => seasonRecords(organiser.token, ids()),
      (r) => r.record_list.some((rec) => rec.uuid === gameUuid),
      'the record of the watched game',
    );
    await page.goto(pageOf('record'));
    await page.getByTestId(`record-replay-${gameUuid}`).click();
    await page.waitForURL(`**/play/replay/${gameUuid}`);
    await page.getByTestId('replay-controls').waitFor();
    // Every hand open from the start, and the wall seed verified.
    expect(await page.locator('.tt-edge [aria-label="back"]').count()).toBe(0);
    expect(await page.getByTestId('replay-verification').locator('summary').getAttribute('class')).toBe(
      'tt-plus',
    );
    await atRest(page, { dialogs: false });
    await obs.screenshot('03-replay-jp');
  });
});
