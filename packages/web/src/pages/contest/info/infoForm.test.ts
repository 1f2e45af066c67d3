import dayjs, { type Dayjs } from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ContestDetail } from '../../../api/calls';
import { changedSetting, fieldsOf, hasChanges, settingOf } from './infoForm';

const contest = {
  contest_name: [{ lang: 'default', content: 'Autumn League' }],
  i18n_switch: 0,
  open: 1,
  show_zones: [1, 2],
  available_zones: [1, 2, 3],
} as unknown as ContestDetail;

describe('tournament info form', () => {
  it('shows hidden and banned zones as the zones missing from show_zones and available_zones', () => {
    const f = fieldsOf(contest);
    expect(f.hiddenZones).toEqual([3]);
    expect(f.bannedZones).toEqual([]);
    expect(f.name).toBe('Autumn League');
  });

  it('the update button stays disabled until something changes', () => {
    expect(hasChanges(contest, fieldsOf(contest))).toBe(false);
    expect(hasChanges(contest, { ...fieldsOf(contest), open: false })).toBe(true);
    expect(hasChanges(contest, { ...fieldsOf(contest), bannedZones: [2] })).toBe(true);
  });

  it('sends five names and the switch when multi-language is on', () => {
    const f = {
      ...fieldsOf(contest),
      multi: true,
      names: { chs: 'a', chs_t: 'b', jp: 'c', en: 'd', kr: 'e' },
    };
    const s = settingOf(f);
    expect(s.i18n_switch).toBe(1);
    expect(s.name).toEqual([
      { lang: 'chs', content: 'a' },
      { lang: 'chs_t', content: 'b' },
      { lang: 'jp', content: 'c' },
      { lang: 'en', content: 'd' },
      { lang: 'kr', content: 'e' },
    ]);
    expect(settingOf({ ...fieldsOf(contest), bannedZones: [3] }).available_zones).toEqual([1, 2]);
  });

  it('a tournament created with names in all five languages opens with its names per language', () => {
    const names = ['chs', 'chs_t', 'jp', 'en', 'kr'].map((lang) => ({ lang, content: `name-${lang}` }));
    const f = fieldsOf({ ...contest, contest_name: names } as unknown as ContestDetail);
    expect(f.multi).toBe(true);
    expect(f.names.kr).toBe('name-kr');
  });

  it('switching multi-language on before the name fields exist reads them as empty instead of failing', () => {
    const partial = { ...fieldsOf(contest), multi: true, names: undefined } as unknown as Parameters<
      typeof hasChanges
    >[1];
    expect(hasChanges(contest, partial)).toBe(true);
  });

  it('a tournament named in all five languages has no single name to start from', () => {
    const multi = {
      ...contest,
      contest_name: ['chs', 'chs_t', 'jp', 'en', 'kr'].map((lang) => ({ lang, content: `Cup ${lang}` })),
    } as unknown as ContestDetail;
    const f = fieldsOf(multi);
    expect(f.multi).toBe(true);
    expect(f.name).toBe('');
    expect(f.names.en).toBe('Cup en');
  });
});

describe('what the info tab sends', () => {
  const timed = {
    ...contest,
    start_time: 1_900_000_000,
    finish_time: 1_900_600_000,
    observer_switch: 0,
  } as unknown as ContestDetail;

  it('sends only the changed fields: an unchanged name is not sent for review again', () => {
    expect(changedSetting(timed, { ...fieldsOf(timed), observer: true })).toEqual({ observer_switch: 1 });
  });

  it('sends the end alone when only the end moves, so a started tournament keeps its start', () => {
    const f = fieldsOf(timed);
    const range = [f.range![0], dayjs.unix(1_900_700_000)] as [Dayjs, Dayjs];
    expect(changedSetting(timed, { ...f, range })).toEqual({ end_time: 1_900_700_000 });
  });

  it('reads and sends the spectator delay and public spectating, 120 s and off unless set', () => {
    expect(fieldsOf(timed)).toMatchObject({ spectateDelay: 120, publicSpectating: false });
    const set = { ...timed, spectate_delay: 30, public_spectating: 1 } as ContestDetail;
    expect(fieldsOf(set)).toMatchObject({ spectateDelay: 30, publicSpectating: true });
    expect(changedSetting(set, fieldsOf(set))).toEqual({});
    expect(changedSetting(timed, { ...fieldsOf(timed), spectateDelay: 2 })).toEqual({ spectate_delay: 2 });
    expect(changedSetting(set, { ...fieldsOf(set), publicSpectating: false })).toEqual({
      public_spectating: 0,
    });
    // An emptied field is the default; out of range is brought within 0–600.
    expect(changedSetting(set, { ...fieldsOf(set), spectateDelay: null })).toEqual({ spectate_delay: 120 });
    expect(changedSetting(timed, { ...fieldsOf(timed), spectateDelay: 900 })).toEqual({
      spectate_delay: 600,
    });
  });

  it('reads and sends the rated switch, off unless set', () => {
    expect(fieldsOf(timed).rated).toBe(false);
    const rated = { ...timed, rated: 1 } as ContestDetail;
    expect(fieldsOf(rated).rated).toBe(true);
    expect(changedSetting(rated, fieldsOf(rated))).toEqual({});
    expect(changedSetting(timed, { ...fieldsOf(timed), rated: true })).toEqual({ rated: 1 });
    expect(changedSetting(rated, { ...fieldsOf(rated), rated: false })).toEqual({ rated: 0 });
  });

  it('sends a changed name with the multi-language switch that shapes it', () => {
    const s = changedSetting(timed, { ...fieldsOf(timed), name: 'Winter League' });
    expect(s).toEqual({ name: [{ lang: 'default', content: 'Winter League' }], i18n_switch: 0 });
  });
});
