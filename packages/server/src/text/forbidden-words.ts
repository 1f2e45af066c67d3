import { existsSync, readFileSync } from 'node:fs';

/** Masks forbidden words in user text (tournament names): each character of a match becomes `*`. */
export type WordFilter = { mask(text: string): string };

const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function wordFilter(words: string[]): WordFilter {
  const list = [...new Set(words.map((w) => w.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return { mask: (text) => text };
  const pattern = new RegExp(list.map(literal).join('|'), 'giu');
  return { mask: (text) => text.replace(pattern, (match) => '*'.repeat([...match].length)) };
}

/** The operator's list: one word per line, `#` starts a comment. A missing file means no words. */
export function loadWordFilter(file: string): WordFilter {
  if (!existsSync(file)) return wordFilter([]);
  const words = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => !line.trim().startsWith('#'));
  return wordFilter(words);
}
