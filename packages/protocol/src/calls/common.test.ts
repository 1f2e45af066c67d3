import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INT4_MAX,
  isReadableText,
  isWellFormedText,
  LooseId,
  ShownText,
  UNIX_TIME_MAX,
  UnixTime,
  WireText,
  wireText,
} from './common';
import * as calls from './index';

const ILL_FORMED = ['a\u0000b', '\u0000', 'a\ud800', '\ud800b', 'a\udc00', '\udfff\ud800'];

/** Control characters and bidi overrides: well-formed, but not readable as text. */
const UNREADABLE = [
  'a\u0001b',
  '\u0007bell',
  'back\bspace',
  'esc\u001b[31m',
  'del\u007f',
  'c1\u0085',
  'c1\u009b',
  '\u202eevil',
  '\u202aembed\u202c',
  '\u202doverride',
  '\u2066isolate\u2069',
  '\u2067rtl',
  '\u2068first',
  'line\u2028sep',
  'para\u2029sep',
  'form\ffeed',
  'vertical\vtab',
];

describe('wire building blocks', () => {
  it('ids are int4: 0…2147483647, as numbers or numeric strings', () => {
    expect(LooseId.parse(INT4_MAX)).toBe(2147483647);
    expect(LooseId.parse(' 42 ')).toBe(42);
    for (const bad of [
      INT4_MAX + 1,
      '2147483648',
      Number.MAX_SAFE_INTEGER,
      '99999999999999999999',
      -1,
      1.5,
    ]) {
      expect(LooseId.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('times are unix seconds up to 2^31 − 1', () => {
    expect(UnixTime.parse(UNIX_TIME_MAX)).toBe(2147483647);
    expect(UnixTime.safeParse(UNIX_TIME_MAX + 1).success).toBe(false);
    expect(UnixTime.safeParse(9007199254000000).success).toBe(false);
  });

  it('text refuses control characters but TAB and line ends, and bidi embeddings, overrides and isolates', () => {
    for (const bad of UNREADABLE) {
      expect(isReadableText(bad), JSON.stringify(bad)).toBe(false);
      expect(WireText.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    // Right-to-left text with its marks (LRM, RLM, ALM), joiners in emoji and CJK stay text.
    for (const good of [
      'שלום \u200fעולם',
      'مرحبا\u061c',
      'a\u200eb',
      '👨\u200d👩\u200d👧',
      '雀魂杯',
      'two\r\nlines\tcol',
    ]) {
      expect(WireText.parse(good)).toBe(good);
    }
  });

  it('a field may name the code its unreadable text is refused with', () => {
    const refused = z.object({ name: wireText(2587) }).safeParse({ name: 'a\u0001b' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toMatchObject([{ params: { code: 2587 } }]);
  });

  it('answers keep stored text loading, with control characters and bidi overrides taken out', () => {
    expect(ShownText.parse('\u202eevil')).toBe('evil');
    expect(ShownText.parse('a\u0001b\u2066c\u2069')).toBe('abc');
    expect(ShownText.parse('שלום\u200f\ttab\r\nline')).toBe('שלום\u200f\ttab\r\nline');
    expect(ShownText.safeParse('a\u0000b').success).toBe(false);
  });

  it('text refuses NUL characters and unpaired surrogates, and keeps everything else', () => {
    for (const bad of ILL_FORMED) expect(isWellFormedText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Spring Cup', '雀魂杯', '𠮷野家', '😀 ok', '\ud83d\ude00', 'tab\tand\nline']) {
      expect(WireText.parse(good)).toBe(good);
    }
  });
});

/** The schemas directly inside `schema` (fields, items, options, wrapped types), with their paths. */
function childrenOf(schema: z.ZodType, path: string): [string, z.ZodType][] {
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's own definition tree
  const def = (schema as any)._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape).map(([key, child]) => [`${path}.${key}`, child as z.ZodType]);
    case 'array':
      return [[`${path}[]`, def.element]];
    case 'union':
      return def.options.map((o: z.ZodType, i: number) => [`${path}|${i}`, o]);
    case 'tuple':
      return def.items.map((o: z.ZodType, i: number) => [`${path}[${i}]`, o]);
    case 'record':
      return [[`${path}{}`, def.valueType]];
    case 'pipe':
      return [
        [path, def.in],
        [path, def.out],
      ];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return [[path, def.innerType]];
    default:
      return [];
  }
}

/** Every string schema reachable from the named schemas, with the path that leads to it. */
function stringsIn(roots: [string, z.ZodType][]): [string, z.ZodType][] {
  const out: [string, z.ZodType][] = [];
  const seen = new Set<z.ZodType>();
  const todo = [...roots];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [path, schema] = next;
    if (schema._zod.def.type === 'string') out.push([path, schema]);
    else if (!seen.has(schema)) {
      seen.add(schema);
      todo.push(...childrenOf(schema, path));
    }
  }
  return out;
}

describe('every call schema', () => {
  const schemas = Object.entries(calls).filter(([, v]) => v instanceof z.ZodType) as [string, z.ZodType][];
  const strings = stringsIn(schemas);

  it('has text fields to check', () => {
    expect(strings.length).toBeGreaterThan(20);
  });

  it('refuses control characters and bidi overrides in every text field of a request', () => {
    const requests = stringsIn(schemas.filter(([name]) => name.endsWith('Req')));
    expect(requests.length).toBeGreaterThan(20);
    const open = requests
      .filter(([, s]) => UNREADABLE.some((bad) => s.safeParse(bad).success))
      .map(([path]) => path);
    expect(open).toEqual([]);
  });

  it('refuses NUL characters and unpaired surrogates in every text field (they are WireText)', () => {
    const open = strings
      .filter(([, s]) => ILL_FORMED.some((bad) => s.safeParse(bad).success))
      .map(([path]) => path);
    expect(open).toEqual([]);
  });
});
