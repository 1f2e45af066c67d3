import { describe, expect, it } from 'vitest';
import { defuseCell, undefuseCell } from './spreadsheet';

describe('spreadsheet cells', () => {
  it('formula-like text is written with a leading apostrophe', () => {
    for (const text of ['=1+1', '+49 30', '-5', '@SUM(A1)', '\t=cmd', '\r=cmd'])
      expect(defuseCell(text)).toBe(`'${text}`);
    for (const text of ['Team A', '', "'quoted", '1-2', 'a=b']) expect(defuseCell(text)).toBe(text);
  });

  it('reading a written cell gives the value back', () => {
    for (const text of ['=1+1', '+49 30', '-5', '@home', 'Team A', "'quoted", "''=x", ''])
      expect(undefuseCell(defuseCell(text))).toBe(text);
    expect(undefuseCell("'plain")).toBe("'plain");
  });
});
