import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT4_MAX, isWellFormedText, LooseId, UNIX_TIME_MAX, UnixTime, WireText } from './common';
import * as calls from './index';

const ILL_FORMED = ['a\u0000b', '\u0000', 'a\ud800', '\ud800b', 'a\udc00', '\udfff\ud800'];

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

  it('refuses NUL characters and unpaired surrogates in every text field (they are WireText)', () => {
    const open = strings
      .filter(([, s]) => ILL_FORMED.some((bad) => s.safeParse(bad).success))
      .map(([path]) => path);
    expect(open).toEqual([]);
  });
});
