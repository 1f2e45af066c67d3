import { defuseCell } from '@taikai/protocol';
import { saveFile } from './saveFile';

/**
 * CSV files the console writes: UTF-8 with a byte-order mark (so spreadsheets read CJK and Korean names
 * right), CRLF line ends, and cells a spreadsheet would run as a formula defused with a leading `'`.
 */

/**
 * The text of one cell as written: formula guard first (the protocol's `defuseCell`, which the server's xlsx
 * files use too), then quoted when it holds `"`, `,` or a line end.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string') text = defuseCell(text);
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** Rows (the first one the header) as CSV text, without the byte-order mark. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

export const UTF8_BOM = '\uFEFF';

/** The file's contents: byte-order mark, then the rows. */
export function csvBlob(rows: readonly (readonly (string | number)[])[]): Blob {
  return new Blob([UTF8_BOM, toCsv(rows), '\r\n'], { type: 'text/csv;charset=utf-8' });
}

/** A file name that ends in `.csv` and holds no path separators or characters file systems refuse. */
export function csvFileName(name: string, fallback: string): string {
  const clean =
    [...name]
      .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .trim() || fallback;
  return /\.csv$/i.test(clean) ? clean : `${clean}.csv`;
}

/** Makes the browser save `rows` as the CSV file `fileName`. */
export function downloadCsv(fileName: string, rows: readonly (readonly (string | number)[])[]): void {
  saveFile(fileName, csvBlob(rows));
}
