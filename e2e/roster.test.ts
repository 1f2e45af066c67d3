import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newIdentity, registerByApi } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  chooseLanguage,
  confirmDialog,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectText,
  expectToast,
  settled,
  textOf,
} from './support/console';
import {
  accountOf,
  createTournament,
  grantCurrency,
  loginBrowser,
  seasonPlayers,
  seasonsOf,
} from './support/people';

const DAY = 24 * 3600;

interface Player {
  token: string;
  accountId: number;
  publicId: number;
  nickname: string;
}

interface ListedPlayer {
  account_id: number;
  nickname: string;
  remark: string;
}

// An organiser fills a season's roster by public id, keeps it tidy (remarks, nicknames, removal), exports it,
// keeps a troublemaker out with the blacklist, and reviews sign-ups once the season asks for review.
describe('the season roster, blacklist and sign-up review, in the browser', () => {
  const organiser = newIdentity('roster');
  const contestName = `Roster Cup ${organiser.nickname.slice(-4)}`;
  let token = '';
  let uniqueId = 0;
  let contestId = 0;
  let seasonId = 0;
  let seasonStart = 0;
  let seasonEnd = 0;
  // alice and bob are added by id, carol blacklisted; dave and erin sign up for review.
  const players: Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin', Player> = {} as never;
  let session: BrowserSession;

  const rosterNow = async (state: 1 | 2 = 2): Promise<ListedPlayer[]> =>
    (await seasonPlayers<ListedPlayer>(token, uniqueId, seasonId, { state, limit: 100 })).list;
  const blacklistNow = async (): Promise<number[]> => {
    const answer = await api<{ list: { account_id: number }[] }>(
      `/api/contest/contest_season_player_limit?unique_id=${uniqueId}&season_id=${seasonId}`,
      { token },
    );
    return (answer.data?.list ?? []).map((a) => a.account_id);
  };
  const rowOf = (table: string, publicId: number) =>
    session.page
      .getByTestId(table)
      .locator('tbody tr')
      .filter({ hasText: String(publicId) });

  beforeAll(async () => {
    token = await registerByApi(organiser);
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin'] as const) {
      const who = newIdentity(name);
      const playerToken = await registerByApi(who);
      players[name] = { token: playerToken, ...(await accountOf(playerToken)), nickname: who.nickname };
    }
    await grantCurrency(organiser.email);
    // The season starts a few seconds from now, so that players can sign up during this test.
    const now = Math.floor(Date.now() / 1000);
    ({
      unique_id: uniqueId,
      contest_id: contestId,
      season_id: seasonId,
    } = await createTournament(token, { name: contestName, start: now + 5, end: now + 30 * DAY }));
    const seasons = await seasonsOf(token, uniqueId);
    const season = seasons.find((s) => s.season_id === seasonId)!;
    seasonStart = season.start_time;
    seasonEnd = season.end_time;

    session = await openBrowser('roster');
    await loginBrowser(session.page, token, organiser.nickname);
    await chooseLanguage(session.page, 'en');
  });

  closeAndScreenshotFailures(() => session);

  it('opens an empty roster and an empty blacklist, with an anchor menu to both', async () => {
    const { page } = session;
    await page.goto(`/contest/${contestId}/season/${seasonId}/user`);
    await page.getByTestId('roster-table').getByText('No players on the roster yet').waitFor();
    await page.getByTestId('blacklist-table').getByText('No one is on the blacklist').waitFor();
    await expectText(page.getByTestId('anchor-roster'), 'Roster');
    await expectText(page.getByTestId('anchor-blacklist'), 'Blacklist');
    await expectNoRawKeys(page);
    await session.screenshot('01-empty-en');
  });

  it('adds two players by public id: the dialog lists their nicknames and flags the lines that found no one', async () => {
    const { page } = session;
    const { alice, bob } = players;
    await page.getByTestId('roster-add').click();
    const dialog = await dialogWith(page, 'roster-add-dialog-ids');
    await page
      .getByTestId('roster-add-dialog-ids')
      .fill(`${alice.publicId}\n\n${bob.publicId}\nnot-an-id\n12345\n`);
    await page.getByTestId('roster-add-dialog-lookup').click();
    const found = page.getByTestId('roster-add-dialog-found');
    await found.waitFor();
    const foundText = await textOf(found);
    expect(foundText).toContain(alice.nickname);
    expect(foundText).toContain(bob.nickname);
    const missing = await textOf(page.getByTestId('roster-add-dialog-missing'));
    expect(missing).toContain('not-an-id');
    expect(missing).toContain('12345');
    await session.screenshot('02-add-dialog-en');
    await expectText(page.getByTestId('roster-add-dialog-confirm'), 'Add to roster (2)');
    await page.getByTestId('roster-add-dialog-confirm').click();
    await expectToast(page, 'success', 'Added to the roster: 2');
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('roster-table', alice.publicId).waitFor();
    await rowOf('roster-table', bob.publicId).waitFor();
    expect(await textOf(page.getByTestId('roster-total'))).toBe('Total 2');
    expect((await rosterNow()).map((p) => p.account_id).sort()).toEqual(
      [alice.accountId, bob.accountId].sort(),
    );
  });

  it('edits a remark in place and changes a nickname for this season', async () => {
    const { page } = session;
    const { alice, bob } = players;
    const remark = '=cmd, "captain"';
    await page.getByTestId(`roster-remark-${alice.publicId}-edit`).click();
    const input = page.getByTestId(`roster-remark-${alice.publicId}-input`);
    await input.fill(remark);
    await input.press('Enter');
    await expectToast(page, 'success', 'Remark saved');
    await expectText(page.getByTestId(`roster-remark-${alice.publicId}`), remark);

    await page.getByTestId(`roster-rename-${bob.publicId}`).click();
    const rename = page.getByTestId('roster-rename-input');
    await rename.waitFor();
    await rename.fill('Bob the Bold');
    await page.getByTestId('roster-rename-confirm').click();
    await expectToast(page, 'success', 'Nickname changed');
    await rename.waitFor({ state: 'hidden' });
    await expectText(page.getByTestId(`roster-nickname-${bob.publicId}`), 'Bob the Bold');

    // Search by public id finds the one player; by part of a nickname as well.
    const search = page.getByTestId('roster-search').locator('input');
    await search.fill(String(bob.publicId));
    await search.press('Enter');
    await rowOf('roster-table', alice.publicId).waitFor({ state: 'detached' });
    await rowOf('roster-table', bob.publicId).waitFor();
    await search.fill('the bold');
    await search.press('Enter');
    await rowOf('roster-table', bob.publicId).waitFor();
    expect(await page.getByTestId('roster-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    await search.fill('');
    await search.press('Enter');
    await rowOf('roster-table', alice.publicId).waitFor();

    const listed = await rosterNow();
    expect(listed.find((p) => p.account_id === alice.accountId)?.remark).toBe(remark);
    expect(listed.find((p) => p.account_id === bob.accountId)?.nickname).toBe('Bob the Bold');
    await session.screenshot('03-roster-edited-en');
  });

  it('exports the roster as CSV with an editable file name: BOM, header, rows, formulas defused', async () => {
    const { page } = session;
    const { alice, bob } = players;
    await page.getByTestId('roster-export').click();
    const name = page.getByTestId('roster-export-name');
    await name.waitFor();
    expect(await name.inputValue()).toBe(`${contestName}-season${seasonId}-roster.csv`);
    await name.fill('roster-e2e');
    await settled(page.locator('.ant-modal').filter({ has: name }));
    await session.screenshot('04-export-en');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('roster-export-start').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('roster-e2e.csv');
    await expectToast(page, 'success', 'Exported: 2');
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Nickname,Account ID,Remark');
    expect(lines.slice(1).sort()).toEqual(
      [`${alice.nickname},${alice.publicId},"'=cmd, ""captain"""`, `Bob the Bold,${bob.publicId},`].sort(),
    );
  });

  it('blacklists a third account through "set player list"; adding it to the roster is then refused', async () => {
    const { page } = session;
    const { carol } = players;
    await page.getByTestId('anchor-blacklist').click();
    await page.getByTestId('blacklist-add').click();
    await dialogWith(page, 'blacklist-add-dialog-ids');
    await page.getByTestId('blacklist-add-dialog-ids').fill(String(carol.publicId));
    await page.getByTestId('blacklist-add-dialog-lookup').click();
    await expectText(page.getByTestId('blacklist-add-dialog-confirm'), 'Add to blacklist (1)');
    await page.getByTestId('blacklist-add-dialog-confirm').click();
    await expectToast(page, 'success', 'Added to the blacklist: 1');
    await rowOf('blacklist-table', carol.publicId).filter({ hasText: carol.nickname }).waitFor();
    expect(await blacklistNow()).toEqual([carol.accountId]);

    // A blacklisted player cannot be put on the roster: the refusal names the reason and the id.
    await page.getByTestId('roster-add').click();
    await dialogWith(page, 'roster-add-dialog-ids');
    await page.getByTestId('roster-add-dialog-ids').fill(String(carol.publicId));
    await page.getByTestId('roster-add-dialog-lookup').click();
    await page.getByTestId('roster-add-dialog-confirm').click();
    const failure = page.getByTestId('players-failure-2530');
    await failure.waitFor();
    expect(await textOf(failure)).toContain(String(carol.publicId));
    await session.screenshot('05-blacklisted-refused-en');
    await page.getByTestId('players-failures-ok').click();
    await failure.waitFor({ state: 'hidden' });
    expect((await rosterNow()).map((p) => p.account_id)).not.toContain(carol.accountId);
  });

  it('removes a player from the roster after confirming', async () => {
    const { page } = session;
    const { alice, bob } = players;
    await page.getByTestId(`roster-delete-${bob.publicId}`).click();
    const confirm = await confirmDialog(page);
    expect(await textOf(confirm)).toContain('Bob the Bold');
    await page.getByTestId('roster-delete-confirm').click();
    await expectToast(page, 'success', 'Removed from the roster: 1');
    await confirm.waitFor({ state: 'hidden' });
    await rowOf('roster-table', bob.publicId).waitFor({ state: 'detached' });
    expect(await textOf(page.getByTestId('roster-total'))).toBe('Total 1');
    expect((await rosterNow()).map((p) => p.account_id)).toEqual([alice.accountId]);
    await expectNoRawKeys(page);
    await session.screenshot('06-roster-en');
  });

  it('reviews sign-ups in Japanese: passes one, rejects another and blacklists them', async () => {
    const { page } = session;
    const { alice, carol, dave, erin } = players;
    const updated = await api('/api/contest/update_contest_season', {
      token,
      body: {
        unique_id: uniqueId,
        season_id: seasonId,
        setting: { signup_type: 3, signup_start_time: seasonStart, signup_end_time: seasonEnd },
      },
    });
    expect(updated.error).toBeUndefined();
    // Sign-ups open with the season, a few seconds after it was created.
    for (const who of [dave, erin]) {
      await eventually(
        () =>
          api('/api/contest/signup_contest_season', {
            token: who.token,
            body: { unique_id: uniqueId, season_id: seasonId },
          }),
        (answer) => answer.status === 200 && !answer.error,
        `${who.nickname} signs up`,
      );
    }

    await chooseLanguage(page, 'jp');
    await page.goto(`/contest/${contestId}/season/${seasonId}/join`);
    await rowOf('join-table', dave.publicId).waitFor();
    await rowOf('join-table', erin.publicId).waitFor();
    await expectText(page.getByTestId('join-total'), '審査待ち：2 人');
    await expectNoRawKeys(page);
    await session.screenshot('07-join-jp');

    await page.getByTestId(`join-pass-${dave.publicId}`).click();
    await expectToast(page, 'success', '承認しました：1 人');
    await rowOf('join-table', dave.publicId).waitFor({ state: 'detached' });

    await page.getByTestId(`join-reject-${erin.publicId}`).click();
    await dialogWith(page, 'join-reject-blacklist');
    await page.getByTestId('join-reject-blacklist').check();
    await session.screenshot('08-reject-jp');
    await page.getByTestId('join-reject-confirm').click();
    await expectToast(page, 'success', '却下してブラックリストに追加しました：1 人');
    await page.getByTestId('join-table').getByText('審査待ちの申請はありません').waitFor();
    await expectText(page.getByTestId('join-total'), '審査待ち：0 人');

    expect((await rosterNow()).map((p) => p.account_id).sort()).toEqual(
      [alice.accountId, dave.accountId].sort(),
    );
    expect(await rosterNow(1)).toEqual([]);
    expect((await blacklistNow()).sort()).toEqual([carol.accountId, erin.accountId].sort());

    // The roster page in Japanese shows the passed player and both blacklisted ones.
    await page.goto(`/contest/${contestId}/season/${seasonId}/user`);
    await rowOf('roster-table', dave.publicId).waitFor();
    await rowOf('blacklist-table', erin.publicId).waitFor();
    await eventually(
      async () => ({
        exportEnabled: await page.getByTestId('roster-export').isEnabled(),
        loading: await page.locator('.ant-spin-blur').count(),
      }),
      (v) => v.exportEnabled && v.loading === 0,
      'roster and blacklist loaded',
    );
    await expectNoRawKeys(page);
    await session.screenshot('09-roster-jp');
    expect(session.pageErrors).toEqual([]);
  });
});
