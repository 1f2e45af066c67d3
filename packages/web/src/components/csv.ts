import { toCsv } from '@taikai/protocol';
import { saveFile } from './saveFile';

/**
 * CSV files the console writes: UTF-8 with a byte-order mark (so spreadsheets read CJK and Korean names
 * right), CRLF line ends, cells written by the protocol's `csvCell` (formula-like text defused with a `'` at the
 * start of a cell and after each `;`, TAB or line end in it; cells holding a list separator of any locale quoted).
 */
export { csvCell, toCsv } from '@taikai/protocol';

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
