import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newIdentity } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import {
  atRest,
  chooseLanguage,
  chooseOption,
  confirmDialog,
  dialogWith,
  eventually,
  expectNoRawKeys,
  expectText,
  expectToast,
  textOf,
} from './support/console';
import { contestDetail, loginBrowser, organiserWithTournament } from './support/people';

const DAY = 24 * 3600;

interface Detail {
  mode: number;
  game_mode: { mode: number; detail_rule: Record<string, number | boolean> };
  contest_setting: { game_limit: number; level_limit: { type: number; value: number }[] };
}

/** A switch of the rule cards: on/off and whether it can be turned. */
async function switchState(page: Page, field: string): Promise<{ on: boolean; disabled: boolean }> {
  const sw = page.getByTestId(`rule-field-${field}`);
  await sw.waitFor();
  return {
    on: (await sw.getAttribute('aria-checked')) === 'true',
    disabled: await sw.isDisabled(),
  };
}

/** Types into a number field and leaves it, as an organiser does (the step applies on blur). */
async function typeNumber(page: Page, field: string, value: number): Promise<void> {
  const input = page.getByTestId(`rule-field-${field}`);
  await input.fill(String(value));
  await input.press('Tab');
}

/** The "differs from <preset>" summary: its heading and the differing fields. */
async function expectDiff(page: Page, heading: string, fields: string): Promise<void> {
  await expectText(page.getByTestId('rule-diff-fields'), fields);
  expect((await textOf(page.getByTestId('rule-diff-text'))).startsWith(heading)).toBe(true);
}

const inputOf = (input: Locator) => input.inputValue();

// An organiser sets the rule of their tournament on the season's "rule" page: the MLeague preset with three
// changes, saved; the rule copied and imported into a second organiser's tournament; the dependencies of the
// rule cards as the organiser sees them.
describe('the rule editor, in the browser', () => {
  const first = { who: newIdentity('rulea'), token: '', uniqueId: 0, contestId: 0 };
  const second = { who: newIdentity('ruleb'), token: '', uniqueId: 0, contestId: 0 };
  let session: BrowserSession;
  let copiedText = '';

  const detailOf = (o: typeof first) => contestDetail<Detail>(o.token, o.uniqueId);
  const editorOf = (o: typeof first) => `/contest/${o.contestId}/season/1/advanced`;

  beforeAll(async () => {
    for (const o of [first, second]) {
      const now = Math.floor(Date.now() / 1000);
      const created = await organiserWithTournament(o.who, {
        name: (who) => `Rule Cup ${who.nickname.slice(-4)}`,
        start: now + 2 * DAY,
        end: now + 30 * DAY,
      });
      o.token = created.token;
      o.uniqueId = created.unique_id;
      o.contestId = created.contest_id;
    }
    session = await openBrowser('rule-editor');
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: inject('baseUrl'),
    });
  });

  closeAndScreenshotFailures(() => session);

  it('loads the MLeague preset, changes three fields, sees the difference, updates and finds it saved', async () => {
    const { page } = session;
    await loginBrowser(page, first.token, first.who.nickname);
    await page.goto(editorOf(first));
    await page.getByTestId('rule-editor').waitFor();
    expect(await page.getByTestId('rule-update').isDisabled()).toBe(true);
    // The default rule: the same as the defaults, more settings closed.
    await expectText(page.getByTestId('rule-diff-same'), '与「默认规则」相同');
    expect(await page.getByTestId('rule-cards').count()).toBe(0);

    await chooseOption(page, page.getByTestId('rule-preset'), 'rule-preset-MLeague');
    await page.getByTestId('rule-preset-load').click();
    await expectText(page.getByTestId('rule-diff-same'), '与「M.League」相同');
    // The rule now differs from the defaults: more settings opened by themselves.
    await page.getByTestId('rule-cards').waitFor();
    expect(await inputOf(page.getByTestId('rule-field-fandian'))).toBe('25000');
    expect(await textOf(page.getByTestId('rule-uma-first'))).toBe('+30');

    // Three changes: return points (typed off-step: rounded down on blur), red fives, ippatsu.
    await typeNumber(page, 'jingsuanyuandian', 32050);
    expect(await inputOf(page.getByTestId('rule-field-jingsuanyuandian'))).toBe('32000');
    await chooseOption(page, page.getByTestId('rule-field-dora_count'), 'rule-field-dora_count-4');
    await page.getByTestId('rule-field-have_yifa').click();
    await expectDiff(page, '与「M.League」有 3 项不同：', '返点（精算原点）、赤宝牌、一发');

    // Entry limits: not rule cards, so not part of the difference.
    await chooseOption(page, page.getByTestId('rule-level-4p'), 'rule-level-4p-10302');
    await page.getByTestId('rule-game-limit').fill('8');
    await expectDiff(page, '与「M.League」有 3 项不同：', '返点（精算原点）、赤宝牌、一发');

    const update = page.getByTestId('rule-update');
    await eventually(
      () => update.isEnabled(),
      (v) => v,
      'update enabled',
    );
    await expectNoRawKeys(page);
    await atRest(page);
    await session.screenshot('01-mleague-changed-chs');
    await update.click();
    const dialog = await confirmDialog(page);
    expect(await dialog.innerText()).toContain('确认更新规则？');
    await page.getByTestId('rule-update-confirm').click();
    await expectToast(page, 'success', '规则已更新');

    const saved = await detailOf(first);
    expect(saved.contest_setting).toMatchObject({ game_limit: 8, level_limit: [{ type: 1, value: 10302 }] });
    const stored = saved.game_mode.detail_rule;
    expect(stored).toMatchObject({
      // The game limit is the one plans are held to (2519).
      max_game_count: 8,
      jingsuanyuandian: 32000,
      dora_count: 4,
      have_yifa: false,
      init_point: 25000,
      fandian: 25000,
      shunweima_2: 10,
      shunweima_4: -30,
      can_jifei: false,
      have_toutiao: true,
      enable_baopai_extend_settings: 1,
    });

    await page.reload();
    await page.getByTestId('rule-cards').waitFor();
    expect(await inputOf(page.getByTestId('rule-field-jingsuanyuandian'))).toBe('32000');
    expect((await switchState(page, 'have_yifa')).on).toBe(false);
    await expectDiff(page, '与「M.League」有 3 项不同：', '返点（精算原点）、赤宝牌、一发');
    expect(await page.getByTestId('rule-update').isDisabled()).toBe(true);
    // The preset loader remembers the last choice.
    expect(await textOf(page.getByTestId('rule-preset'))).toBe('M.League');
    expect(await textOf(page.getByTestId('rule-level-4p'))).toBe('雀杰2');
    expect(await inputOf(page.getByTestId('rule-game-limit'))).toBe('8');
  });

  it('copies the rule and imports it into a second tournament, refusing a text it cannot decode', async () => {
    const { page } = session;
    await page.getByTestId('rule-copy').click();
    await expectToast(page, 'success', '规则已复制到剪贴板');
    copiedText = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedText).toMatch(/^[A-Za-z0-9_-]+$/);

    // The second organiser, in English.
    await loginBrowser(page, second.token, second.who.nickname);
    await chooseLanguage(page, 'en');
    await page.goto(editorOf(second));
    await page.getByTestId('rule-editor').waitFor();
    await expectText(page.getByTestId('rule-diff-same'), 'Same as Default rule');

    await page.getByTestId('rule-import').click();
    const dialog = await dialogWith(page, 'rule-import-text');
    await page.getByTestId('rule-import-text').fill('this is not a rule');
    await page.getByTestId('rule-import-ok').click();
    await expectText(
      page.getByTestId('rule-import-failed'),
      'This rule text cannot be read. Check that it was pasted whole and unchanged.',
    );
    await atRest(page, { dialogs: false });
    await session.screenshot('02-import-refused-en');

    await page.getByTestId('rule-import-text').fill(copiedText);
    await page.getByTestId('rule-import-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await expectToast(page, 'success', 'Rule imported');
    await expectDiff(
      page,
      'Differs from M.League in 3 settings:',
      'Return points (settlement base), Red fives, Ippatsu',
    );
    await page.getByTestId('rule-cards').waitFor();
    await expectNoRawKeys(page);
    await atRest(page);
    await session.screenshot('03-imported-en');

    await page.getByTestId('rule-update').click();
    await confirmDialog(page);
    await page.getByTestId('rule-update-confirm').click();
    await expectToast(page, 'success', 'Rule updated');
    const [a, b] = await Promise.all([detailOf(first), detailOf(second)]);
    // The rule came over; the game limit is the tournament's own (the rule text does not carry it).
    expect(b.game_mode.detail_rule).toEqual({ ...a.game_mode.detail_rule, max_game_count: 0 });
    expect(a.game_mode.detail_rule.max_game_count).toBe(8);
    expect(b.mode).toBe(a.mode);
  });

  it('indicator dora off turns off and disables its dependants; on turns them back on', async () => {
    const { page } = session;
    expect(await switchState(page, 'have_biao_dora')).toEqual({ on: true, disabled: false });
    await page.getByTestId('rule-field-have_biao_dora').click();
    for (const f of [
      'have_gang_biao_dora',
      'have_li_dora',
      'have_gang_li_dora',
      'ming_dora_immediately_open',
    ]) {
      expect(await switchState(page, f), f).toEqual({ on: false, disabled: true });
    }
    await expectText(page.getByTestId('rule-needs-have_li_dora'), 'Needs Indicator dora on first');
    await atRest(page, { dialogs: false });
    await session.screenshot('04-dora-off-en');
    await page.getByTestId('rule-field-have_biao_dora').click();
    for (const f of ['have_gang_biao_dora', 'have_li_dora', 'have_gang_li_dora']) {
      expect(await switchState(page, f), f).toEqual({ on: true, disabled: false });
    }
    expect(await switchState(page, 'ming_dora_immediately_open')).toEqual({ on: false, disabled: false });
  });

  it('head bump and the triple-ron draw exclude each other', async () => {
    const { page } = session;
    expect((await switchState(page, 'have_toutiao')).on).toBe(true);
    await page.getByTestId('rule-field-have_sanjiahele').click();
    expect((await switchState(page, 'have_sanjiahele')).on).toBe(true);
    expect((await switchState(page, 'have_toutiao')).on).toBe(false);
    await page.getByTestId('rule-field-have_toutiao').click();
    expect((await switchState(page, 'have_toutiao')).on).toBe(true);
    expect((await switchState(page, 'have_sanjiahele')).on).toBe(false);
  });

  it('dealer repeats on a win drives the stop on a win, and points follow the start', async () => {
    const { page } = session;
    // MLeague: renchan on a win, no agari-yame. Off turns agari-yame off and locks it; on sets it on.
    expect(await switchState(page, 'have_helezhongju')).toEqual({ on: false, disabled: false });
    await page.getByTestId('rule-field-have_helelianzhuang').click();
    expect(await switchState(page, 'have_helezhongju')).toEqual({ on: false, disabled: true });
    await page.getByTestId('rule-field-have_helelianzhuang').click();
    expect(await switchState(page, 'have_helezhongju')).toEqual({ on: true, disabled: false });

    // Raising the start above the goal raises the goal; honba rounds down to its step of 300.
    await typeNumber(page, 'init_point', 40000);
    expect(await inputOf(page.getByTestId('rule-field-fandian'))).toBe('40000');
    await typeNumber(page, 'changbang_value', 500);
    expect(await inputOf(page.getByTestId('rule-field-changbang_value'))).toBe('300');
    // Return points (32000) are now below the start: shown at the field, and the update names it.
    await expectText(page.getByTestId('rule-issue-jingsuanyuandian'), 'Cannot be below Starting points');
    expect(await page.getByTestId('rule-update').isDisabled()).toBe(true);
  });

  it('a rule the game server cannot play yet is named and blocks the update', async () => {
    const { page } = session;
    await page.getByTestId('rule-refresh').click();
    await eventually(
      () => inputOf(page.getByTestId('rule-field-init_point')),
      (v) => v === '25000',
      'refreshed',
    );
    // Three players: the three-player defaults load, and the engine plays them.
    await page.getByTestId('rule-round-type-12').click();
    await eventually(
      () => inputOf(page.getByTestId('rule-field-init_point')),
      (v) => v === '35000',
      'three-player defaults',
    );
    await eventually(
      () => page.getByTestId('rule-update').isDisabled(),
      (disabled) => !disabled,
      'three-player rule playable',
    );
    expect(await page.getByTestId('rule-unsupported').count()).toBe(0);
    await expectNoRawKeys(page);

    // Sichuan: East 4p (four games) or 8 games; no rule cards, only the no-more-settings text, the bust switch
    // and the three-tile exchange. It plays: nothing is refused and the rule may be saved.
    await chooseOption(page, page.getByTestId('rule-mode'), 'rule-mode-chuanma');
    await expectText(page.getByTestId('rule-round-type-1'), '4 games');
    await expectText(page.getByTestId('rule-round-type-2'), '8 games');
    expect(
      await page.getByTestId('rule-round-type').locator('.ant-radio-button-wrapper-checked').innerText(),
    ).toBe('4 games');
    await expectText(page.getByTestId('rule-no-more-settings'), 'This mode has no further rule settings.');
    expect(await page.getByTestId('rule-cards').count()).toBe(0);
    await page.getByTestId('rule-field-can_jifei').waitFor();
    await page.getByTestId('rule-field-huansanzhang').click();
    await eventually(
      () => page.getByTestId('rule-field-huansanzhang').getAttribute('aria-checked'),
      (v) => v === 'true',
      'the exchange switched on',
    );
    expect(await page.getByTestId('rule-mode').getByTestId('rule-mode-chuanma').innerText()).toBe('Sichuan');
    await eventually(
      () => page.getByTestId('rule-update').isDisabled(),
      (disabled) => !disabled,
      'the chuanma rule playable',
    );
    expect(await page.getByTestId('rule-not-playable').count()).toBe(0);
    expect(await page.getByTestId('rule-unsupported').count()).toBe(0);
    await atRest(page, { dialogs: false });
    await session.screenshot('06-chuanma-en');

    // Bloodshed (xuezhandaodi) plays too: no further settings but the bust and exchange switches, East only.
    await chooseOption(page, page.getByTestId('rule-mode'), 'rule-mode-xuezhandaodi');
    await expectText(page.getByTestId('rule-no-more-settings'), 'This mode has no further rule settings.');
    await page.getByTestId('rule-field-can_jifei').waitFor();
    await page.getByTestId('rule-field-huansanzhang').waitFor();
    await eventually(
      () => page.getByTestId('rule-update').isDisabled(),
      (disabled) => !disabled,
      'the xuezhandaodi rule playable',
    );
    expect(await page.getByTestId('rule-not-playable').count()).toBe(0);
    await session.screenshot('07-xuezhandaodi-en');

    // Wanxiang still cannot be played: the editor says so plainly and labels it so in the mode list.
    await chooseOption(page, page.getByTestId('rule-mode'), 'rule-mode-wanxiang');
    await page.getByTestId('rule-unsupported-variant').waitFor();
    await expectText(
      page.getByTestId('rule-not-playable'),
      'Wanxiang Shura is not playable yet: the game server cannot play it, so no tournament, plan or auto-match can use it. Choose another mode.',
    );
    await expectText(
      page.getByTestId('rule-mode').getByTestId('rule-mode-wanxiang'),
      'Wanxiang Shura (not playable yet)',
    );
    expect(await page.getByTestId('rule-update').isDisabled()).toBe(true);
    // Nothing was saved.
    expect((await detailOf(second)).mode).toBe(2);
  });
});
