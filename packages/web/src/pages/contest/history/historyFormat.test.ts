import { encodeAccountId } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { actionLabel, diffLines, formatValue, seasonOf, type Translator } from './historyFormat';

const messages: Record<string, string> = {
  'history.actions.season.update': 'Season changed',
  'history.actions.contest_admin.add': 'Admins added',
  'history.fields.observerSwitch': 'Observers',
  'history.fields.added': 'Added',
  'history.fields.remark': 'Remark',
  'history.on': 'on',
  'history.off': 'off',
  'history.empty': '(empty)',
};
const tr: Translator = {
  t: (key) => messages[key] ?? key,
  exists: (key) => key in messages,
  lang: 'en',
};

describe('history entries in the organiser language', () => {
  it('names known actions and falls back to the action as stored', () => {
    expect(actionLabel('season.update', tr)).toBe('Season changed');
    expect(actionLabel('season.something_new', tr)).toBe('season.something_new');
  });

  it('shows a switch as on/off and a remark as before → after', () => {
    expect(diffLines({ observerSwitch: 0 }, { observerSwitch: 1 }, tr)).toEqual([
      { field: 'observerSwitch', label: 'Observers', before: 'off', after: 'on' },
    ]);
    expect(diffLines({ remark: '' }, { remark: 'Finals' }, tr)[0]).toMatchObject({
      before: '(empty)',
      after: '“Finals”',
    });
  });

  it('shows account ids as the public ids people know, and leaves out the roster an `added` list names', () => {
    const lines = diffLines({ admins: [5] }, { admins: [5, 7], added: [7] }, tr);
    expect(lines).toEqual([
      { field: 'added', label: 'Added', before: undefined, after: String(encodeAccountId(7)) },
    ]);
  });

  it('lists only the changed fields of a nested rule', () => {
    const lines = diffLines(
      { detailRule: { init_point: 25000, fandian: 30000 } },
      { detailRule: { init_point: 30000, fandian: 30000 } },
      tr,
    );
    expect(lines.map((l) => [l.field, l.before, l.after])).toEqual([
      ['detailRule.init_point', '25000', '30000'],
    ]);
  });

  it('shows the notice text in the reader language, cut when long', () => {
    const text = formatValue(
      'publicNotice',
      [
        { lang: 'chs', content: '你好' },
        { lang: 'en', content: 'x'.repeat(200) },
      ],
      tr,
    );
    expect(text.length).toBeLessThanOrEqual(82);
    expect(text.startsWith('“xxx')).toBe(true);
  });

  it('reads the season of a season entry', () => {
    expect(seasonOf('season', '12/3')).toBe(3);
    expect(seasonOf('contest', '12')).toBeNull();
  });
});
