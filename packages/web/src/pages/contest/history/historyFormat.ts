import { encodeAccountId, type I18nEntry, type Lang, textFor } from '@taikai/protocol';
import { formatMinute } from '../../../components/time';

/** Kinds of history entry the filter offers: the part of the action before its dot. */
export const HISTORY_KINDS = [
  'contest',
  'contest_admin',
  'contest_observer',
  'season',
  'season_player',
  'operator',
] as const;

/** Reads a message key; `exists` tells whether the console has it. */
export interface Translator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  lang: Lang;
}

/** The action in the reader's language (`season.update` → "Season updated"), else the action as stored. */
export function actionLabel(action: string, tr: Translator): string {
  const key = `history.actions.${action}`;
  return /^[a-z_.]+$/.test(action) && tr.exists(key) ? tr.t(key) : action;
}

/** The kind of an action (`season_player.add` → `season_player`). */
export const kindOf = (action: string): string => action.split('.')[0] ?? action;

export function kindLabel(kind: string, tr: Translator): string {
  const key = `history.kinds.${kind}`;
  return /^[a-z_]+$/.test(kind) && tr.exists(key) ? tr.t(key) : kind;
}

/** Fields whose values are lists of internal account ids: shown as public ids. */
const ID_LISTS = new Set([
  'admins',
  'added',
  'removed',
  'changed',
  'roster',
  'pending',
  'passed',
  'rejected',
  'blacklisted',
  'list',
  'rejectedSignups',
  'success',
]);
const ID_FIELDS = new Set(['accountId', 'account_id', 'creatorId', 'creator_id']);
const SWITCHES = new Set([
  'open',
  'open_show',
  'i18nSwitch',
  'i18n_switch',
  'observerSwitch',
  'observer_switch',
  'publicSpectating',
  'public_spectating',
  'autoMatch',
  'auto_match',
  'showTeamRank',
  'show_team_rank',
  'emojiSwitch',
  'emoji_switch',
]);
const TIME_FIELD = /(Time|_time)$/;

/** Longest value shown before it is cut (the whole of it is in the cell's tooltip). */
const VALUE_MAX = 80;
/** Ids listed before "+N". */
const IDS_SHOWN = 8;

const isI18nList = (value: unknown): value is I18nEntry[] =>
  Array.isArray(value) &&
  value.every((e) => e !== null && typeof e === 'object' && 'lang' in e && 'content' in e);

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const cut = (text: string) => (text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text);

/** One value as a reader reads it: public ids, minutes, on/off, the text in the reader's language. */
export function formatValue(field: string, value: unknown, tr: Translator): string {
  if (value === null || value === undefined) return '—';
  if (ID_LISTS.has(field) && Array.isArray(value) && value.every((v) => typeof v === 'number')) {
    const ids = (value as number[]).map((id) => String(encodeAccountId(id)));
    if (ids.length === 0) return '—';
    const more = ids.length - IDS_SHOWN;
    return more > 0 ? `${ids.slice(0, IDS_SHOWN).join(', ')} +${more}` : ids.join(', ');
  }
  if (ID_FIELDS.has(field) && typeof value === 'number') return String(encodeAccountId(value));
  if (TIME_FIELD.test(field) && typeof value === 'number' && value > 0) return formatMinute(value);
  if (SWITCHES.has(field) && (value === 0 || value === 1 || typeof value === 'boolean'))
    return tr.t(value ? 'history.on' : 'history.off');
  if (isI18nList(value)) {
    const text = textFor(value, tr.lang);
    return text === '' ? tr.t('history.empty') : `“${cut(text.replace(/\s+/g, ' '))}”`;
  }
  if (typeof value === 'string') return value === '' ? tr.t('history.empty') : `“${cut(value)}”`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return cut(JSON.stringify(value));
}

export function fieldLabel(field: string, tr: Translator): string {
  const key = `history.fields.${field}`;
  return /^\w+$/.test(field) && tr.exists(key) ? tr.t(key) : field;
}

export interface DiffLine {
  field: string;
  label: string;
  /** Shown struck through; undefined when the field had no value before (an addition). */
  before?: string;
  /** Undefined when the field has no value after (a removal). */
  after?: string;
}

/** Entries too large to list field by field (a whole new tournament or season): summarised by these fields. */
const WHOLE_RECORD_FIELDS = 12;
const SUMMARY_FIELDS = ['name', 'startTime', 'start_time', 'finishTime', 'end_time'];

/**
 * The change of an entry as a compact list: each field that differs, before → after, in the reader's
 * language. Nested settings (rule, contest setting) list their own changed fields (`detailRule.init_point`).
 * Lists of ids that an `added`/`removed` field already names are left out.
 */
export function diffLines(before: unknown, after: unknown, tr: Translator): DiffLine[] {
  const b = isPlainObject(before) ? before : before == null ? {} : { value: before };
  const a = isPlainObject(after) ? after : after == null ? {} : { value: after };
  if (Object.keys(b).length === 0 && Object.keys(a).length > WHOLE_RECORD_FIELDS) {
    // A whole new record: its name and times say which one it is.
    return SUMMARY_FIELDS.filter((field) => a[field] !== undefined && a[field] !== null).map((field) => ({
      field,
      label: fieldLabel(field, tr),
      after: formatValue(field, a[field], tr),
    }));
  }
  const lines: DiffLine[] = [];
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const named = 'added' in a || 'removed' in a;
  for (const field of fields) {
    const was = b[field];
    const now = a[field];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (named && field === 'admins') continue;
    // An empty list of ids says nothing (an observer change that removed no one).
    if (ID_LISTS.has(field) && isEmptyList(now) && (was === undefined || was === null || isEmptyList(was)))
      continue;
    if (isPlainObject(was) && isPlainObject(now)) {
      for (const sub of [...new Set([...Object.keys(was), ...Object.keys(now)])]) {
        if (JSON.stringify(was[sub]) === JSON.stringify(now[sub])) continue;
        lines.push({
          field: `${field}.${sub}`,
          label: `${fieldLabel(field, tr)} · ${sub}`,
          before: sub in was ? formatValue(sub, was[sub], tr) : undefined,
          after: sub in now ? formatValue(sub, now[sub], tr) : undefined,
        });
      }
      continue;
    }
    lines.push({
      field,
      label: fieldLabel(field, tr),
      before: field in b && was !== null ? formatValue(field, was, tr) : undefined,
      after: field in a && now !== null ? formatValue(field, now, tr) : undefined,
    });
  }
  return lines;
}

/** The season an entry concerns, from a `season` target id (`<unique_id>/<season_id>`), else null. */
export function seasonOf(targetType: string, targetId: string): number | null {
  if (targetType !== 'season') return null;
  const id = Number(targetId.split('/')[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
