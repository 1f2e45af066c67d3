import { describe, expect, it } from 'vitest';
import { csvCell, defuseCell, toCsv, undefuseCell } from './spreadsheet';

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

describe('CSV cells', () => {
  it('formula-like text is defused at the start and after every ; TAB or line end, and the cell quoted', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvCell('x;  "@cmd')).toBe(`"x;'  ""@cmd"`);
    expect(csvCell('x\t+1')).toBe(`"x\t'+1"`);
    expect(csvCell('x\r\n-1')).toBe(`"x\r\n'-1"`);
    expect(csvCell('x,=1')).toBe('"x,=1"');
  });

  it('text without formula characters after a separator is only quoted; plain text and numbers are bare', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('雀士 A')).toBe('雀士 A');
    expect(csvCell('a=b+c')).toBe('a=b+c');
    expect(csvCell(-5)).toBe('-5');
  });

  it('a reader splitting at ; or TAB (where our quotes do not count) gets no cell starting with a formula character', () => {
    const hostile = ['=1+1', 'x;=1+1', 'x\t=1', 'x; =1', 'x;"=1', 'x;""=1', 'a,=b', "x;'=1", '@a;+b\t-c'];
    const line = toCsv([['first', ...hostile, 'last']]);
    for (const separator of [';', '\t']) {
      const cells = line.split(separator).map((cell) => cell.replace(/^[ "]+/, ''));
      expect(
        cells.filter((cell) => /^[=+\-@]/.test(cell)),
        JSON.stringify(separator),
      ).toEqual([]);
    }
  });
});
