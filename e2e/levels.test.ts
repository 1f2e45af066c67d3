import { beforeAll, describe, expect, it } from 'vitest';
import { call, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { taikaiCli } from './support/cli';
import {
  atRest,
  chooseLanguage,
  eventually,
  expectNoRawKeys,
  expectSignupState,
  expectText,
  expectToast,
  PHONE,
  textOf,
} from './support/console';
import { accountOf, contestDetail, createTournament, grantCurrency, openSignedIn } from './support/people';

const DAY = 24 * 3600;

// Player levels: a tournament with a four-player level limit (Adept 1) refuses a Novice's sign-up in the portal
// with 2518, shown translated; the player's level shows in the portal; the organiser turns the tournament's rated
// switch on in the Info tab; once the operator raises the player's level the sign-up passes, and the console's
// player card shows the level.
describe('player levels and level limits', () => {
  const organiser = newIdentity('lvlorg');
  const player = newIdentity('lvlplayer');
  const tokens = { organiser: '', player: '' };
  let playerIds = { accountId: 0, publicId: 0 };
  let uniqueId = 0;
  let contestId = 0;
  let seasonId = 0;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    [tokens.organiser, tokens.player] = await Promise.all(
      [organiser, player].map((who) => registerByApi(who)),
    );
    await grantCurrency(organiser.email);
    playerIds = await accountOf(tokens.player);
    const now = Math.floor(Date.now() / 1000);
    ({
      unique_id: uniqueId,
      contest_id: contestId,
      season_id: seasonId,
    } = await createTournament(tokens.organiser, {
      name: { chs: '段位杯', en: 'Level Cup', jp: '段位杯' },
      start: now + 3,
      end: now + 7 * DAY,
    }));
    await eventually(
      () => contestDetail<{ season_list: { state: number }[] }>(tokens.organiser, uniqueId),
      (detail) => detail.season_list[0]?.state === 2,
      'season running',
    );
    // Automatic sign-up, and at least Adept 1 on the four-player ladder.
    await call('/api/contest/update_contest_season', tokens.organiser, {
      unique_id: uniqueId,
      season_id: seasonId,
      setting: { signup_type: 2 },
    });
    await call('/api/contest/update_contest_base', tokens.organiser, {
      unique_id: uniqueId,
      setting: { contest_setting: { level_limit: [{ type: 1, value: 10201 }] } },
    });
  });

  closeAndScreenshotFailures(() => session);

  it('refuses a Novice’s sign-up with the translated 2518, in English and Japanese', async () => {
    session = await openBrowser('levels');
    const { page } = session;
    await page.setViewportSize(PHONE);
    await openSignedIn(page, tokens.player, `/play/${contestId}`);
    await chooseLanguage(page, 'en');
    await expectText(page.getByTestId('play-contest-name'), 'Level Cup');
    await expectSignupState(page, 'open');
    const refused = page.waitForResponse((res) => res.url().endsWith('/signup_contest_season'));
    await page.getByTestId('play-signup-button').click();
    const body = await (await refused).json();
    expect(body.error.code).toBe(2518);
    expect(await expectToast(page, 'error', 'Your rank is too low.')).toContain('Your rank is too low.');
    await expectSignupState(page, 'open');
    await session.screenshot('en-refused-2518');

    await chooseLanguage(page, 'jp');
    await expectText(page.getByTestId('play-contest-name'), '段位杯');
    await page.getByTestId('play-signup-button').click();
    await expectToast(page, 'error', '段位が足りません。');
    await expectSignupState(page, 'open');
    await session.screenshot('jp-refused-2518');
  });

  it('shows the player’s own levels and zone in the portal', async () => {
    const { page } = session!;
    await page.goto('/play/records');
    await expectText(page.getByTestId('play-level-4p-name'), '初心1');
    await atRest(page);
    await expectNoRawKeys(page);
    await session!.screenshot('jp-my-level');
    await chooseLanguage(page, 'en');
    await expectText(page.getByTestId('play-level-4p-name'), 'Novice 1');
    await expectText(page.getByTestId('play-level-3p-name'), 'Novice 1');
    expect(await textOf(page.getByTestId('play-level-4p'))).toContain('0 / 20 points');
    expect(await textOf(page.getByTestId('play-level-zone'))).toContain('Zone: International');
    await atRest(page);
    await session!.screenshot('en-my-level');
  });

  it('the organiser turns rated games on in the Info tab', async () => {
    const { page } = session!;
    await page.setViewportSize({ width: 1366, height: 900 });
    await openSignedIn(page, tokens.organiser, `/contest/${contestId}`);
    await chooseLanguage(page, 'en');
    await page.getByTestId('contest-info').waitFor();
    await page.getByTestId('info-rated').click();
    const sent = page.waitForRequest((req) => req.url().endsWith('/update_contest_base'));
    await page.getByTestId('info-update').click();
    expect(JSON.parse((await sent).postData() ?? '{}').setting).toEqual({ rated: 1 });
    await eventually(
      () => contestDetail<{ rated: number }>(tokens.organiser, uniqueId),
      (d) => d.rated === 1,
      'the tournament rated',
    );
    await atRest(page);
    await session!.screenshot('en-info-rated');
  });

  it('raised to the limit by the operator, the player signs up; the console’s player card shows the level', async () => {
    await taikaiCli(['account', 'level', player.email, '4p', '10201']);
    const { page } = session!;
    await openSignedIn(page, tokens.player, `/play/${contestId}`);
    await expectSignupState(page, 'open');
    await page.getByTestId('play-signup-button').click();
    await expectSignupState(page, 'accepted');

    await openSignedIn(page, tokens.organiser, `/contest/${contestId}/user`);
    const card = page.getByTestId(`user-card-level-${playerIds.publicId}`);
    await expectText(card, '4P Adept 1 · 3P Novice 1');
    await atRest(page);
    await expectNoRawKeys(page);
    await session!.screenshot('en-player-card');
    await chooseLanguage(page, 'chs');
    await expectText(card, '四人 雀士1 · 三人 初心1');
    await atRest(page);
    await session!.screenshot('chs-player-card');
  });
});
