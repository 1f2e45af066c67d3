import {
  CONSOLE_LANGS,
  type ConsoleLang,
  type I18nEntry,
  LIMITS,
  textFor,
  ZONES,
  type Zone,
} from '@taikai/protocol';
import dayjs, { type Dayjs } from 'dayjs';
import type { ContestDetail } from '../../../api/calls';
import { contestNameOf } from '../../../components/nameFields';

/** What the Info tab edits. Hidden and banned zones are the complements of show_zones and available_zones. */
export interface InfoFields {
  multi: boolean;
  name: string;
  names: Record<ConsoleLang, string>;
  open: boolean;
  hiddenZones: Zone[];
  bannedZones: Zone[];
  /** Start and end of the tournament. */
  range?: [Dayjs, Dayjs];
  observer?: boolean;
  /** Seconds spectators stay behind the table (0–600). */
  spectateDelay?: number | null;
  /** Anyone logged in may watch the games. */
  publicSpectating?: boolean;
  /** The games move the players' levels. */
  rated?: boolean;
}

export interface BaseSetting {
  name: I18nEntry[];
  open_show: 0 | 1;
  show_zones: Zone[];
  available_zones: Zone[];
  i18n_switch: 0 | 1;
  observer_switch: 0 | 1;
  spectate_delay: number;
  public_spectating: 0 | 1;
  rated: 0 | 1;
}

/** What update_contest_base is sent: the basic setting's changed fields, and the times when changed. */
export type ChangedSetting = Partial<BaseSetting> & { start_time?: number; end_time?: number };

const complement = (zones: readonly number[]) => ZONES.filter((z) => !zones.includes(z));

/**
 * A name given in all five console languages and no untagged name is a per-language name. Tournaments
 * created before the server stored the multi-language switch at creation carry such names with the switch
 * at 0; switching multi-language off in the console replaces them by one untagged name, so this reading
 * never overrides a choice made here.
 */
function hasEveryConsoleName(name: readonly I18nEntry[]): boolean {
  return (
    !name.some((e) => e.lang === 'default' && e.content !== '') &&
    CONSOLE_LANGS.every((lang) => name.some((e) => e.lang === lang && e.content !== ''))
  );
}

export function fieldsOf(contest: ContestDetail): InfoFields {
  const own = (lang: ConsoleLang) => contest.contest_name.find((e) => e.lang === lang)?.content ?? '';
  const multi = contest.i18n_switch === 1 || hasEveryConsoleName(contest.contest_name);
  const untagged = contest.contest_name.find((e) => e.lang === 'default')?.content;
  return {
    multi,
    // A multi-language tournament has no single name of its own: switching it off starts from the
    // reader's name (see carryNames).
    name: untagged ?? (multi ? '' : textFor(contest.contest_name, 'default')),
    names: Object.fromEntries(CONSOLE_LANGS.map((lang) => [lang, own(lang)])) as Record<ConsoleLang, string>,
    open: contest.open === 1,
    hiddenZones: complement(contest.show_zones),
    bannedZones: complement(contest.available_zones),
    range: [dayjs.unix(contest.start_time), dayjs.unix(contest.finish_time)],
    observer: contest.observer_switch === 1,
    spectateDelay: contest.spectate_delay ?? LIMITS.SPECTATE_DELAY_DEFAULT_S,
    publicSpectating: contest.public_spectating === 1,
    rated: contest.rated === 1,
  };
}

/** A delay as sent: whole seconds within 0–600; an emptied field is the default. */
export function spectateDelayOf(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return LIMITS.SPECTATE_DELAY_DEFAULT_S;
  return Math.min(LIMITS.SPECTATE_DELAY_MAX_S, Math.max(0, Math.round(value)));
}

export function settingOf(fields: InfoFields): BaseSetting {
  return {
    name: contestNameOf(fields),
    open_show: fields.open ? 1 : 0,
    show_zones: complement(fields.hiddenZones ?? []),
    available_zones: complement(fields.bannedZones ?? []),
    i18n_switch: fields.multi ? 1 : 0,
    observer_switch: fields.observer ? 1 : 0,
    spectate_delay: spectateDelayOf(fields.spectateDelay),
    public_spectating: fields.publicSpectating ? 1 : 0,
    rated: fields.rated ? 1 : 0,
  };
}

/**
 * Only what the form changes, so an unchanged name is not sent for review again and an unchanged start of a
 * started tournament is not refused (2563). A changed name is sent with the switch that decides its shape.
 */
export function changedSetting(contest: ContestDetail, fields: InfoFields | undefined): ChangedSetting {
  if (!fields) return {};
  const wanted = settingOf(fields);
  const stored = settingOf(fieldsOf(contest));
  const changed: ChangedSetting = {};
  for (const key of Object.keys(wanted) as (keyof BaseSetting)[]) {
    if (JSON.stringify(wanted[key]) !== JSON.stringify(stored[key]))
      Object.assign(changed, { [key]: wanted[key] });
  }
  if (changed.name && changed.i18n_switch === undefined) changed.i18n_switch = wanted.i18n_switch;
  const start = fields.range?.[0]?.unix();
  const end = fields.range?.[1]?.unix();
  if (Number.isFinite(start) && start !== contest.start_time) changed.start_time = start;
  if (Number.isFinite(end) && end !== contest.finish_time) changed.end_time = end;
  return changed;
}

/** True when the form would change the tournament. */
export function hasChanges(contest: ContestDetail, fields: InfoFields | undefined): boolean {
  return Object.keys(changedSetting(contest, fields)).length > 0;
}
