import { describe, expect, it } from 'vitest';
import { csvBlob, csvCell, csvFileName, toCsv, UTF8_BOM } from './csv';

describe('CSV export', () => {
  it.each([
    ['=SUM(A1:A3)', "'=SUM(A1:A3)"],
    ['+81 90', "'+81 90"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
  ])('a cell starting with a formula character is written with a leading quote: %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('a cell starting with a carriage return or a TAB is guarded and, holding a separator, quoted', () => {
    expect(csvCell('\r=1')).toBe(`"'\r'=1"`);
    expect(csvCell('\tTAB')).toBe(`"'\tTAB"`);
  });

  it.each([
    ['x;=1+1', `"x;'=1+1"`],
    ['x\t=1+1', `"x\t'=1+1"`],
    ['a;b', '"a;b"'],
    ['say;"hi"', '"say;""hi"""'],
  ])(
    'a cell holding a list separator of another locale (; or TAB) is quoted and defused after it: %j',
    (value, written) => {
      expect(csvCell(value)).toBe(written);
    },
  );

  it('a row read with ; or TAB as the separator starts no cell with a formula character', () => {
    const line = toCsv([['Cup', 'x;=HYPERLINK("http://x";"y")', 'a\t@SUM(1)', 'b; "=1', 7]]);
    // Such a reader splits at its separator even inside the quotes of a cell that is not the first.
    for (const separator of [';', '\t']) {
      const cells = line.split(separator).map((cell) => cell.replace(/^[ "]+/, ''));
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
  });

  it('numbers and plain text are written as they are, formula characters inside a cell are left alone', () => {
    expect(csvCell(57626123)).toBe('57626123');
    expect(csvCell('雀士 A')).toBe('雀士 A');
    expect(csvCell('a=b+c')).toBe('a=b+c');
    expect(csvCell('')).toBe('');
  });

  it('cells holding a comma, a double quote or a line end are quoted, quotes doubled', () => {
    expect(csvCell('Tanaka, Taro')).toBe('"Tanaka, Taro"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('rows are joined with CRLF and the file starts with the UTF-8 byte-order mark', async () => {
    const rows = [
      ['nickname', 'id', 'remark'],
      ['東風', 57626123, '=1+1'],
    ];
    expect(toCsv(rows)).toBe("nickname,id,remark\r\n東風,57626123,'=1+1");
    const blob = csvBlob(rows);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      `${UTF8_BOM}nickname,id,remark\r\n東風,57626123,'=1+1\r\n`,
    );
  });

  it('the file name ends in .csv and holds no path separators', () => {
    expect(csvFileName('Cup-season1-roster.csv', 'x.csv')).toBe('Cup-season1-roster.csv');
    expect(csvFileName('a/b:c', 'x.csv')).toBe('a_b_c.csv');
    expect(csvFileName('   ', 'x.csv')).toBe('x.csv');
  });
});
