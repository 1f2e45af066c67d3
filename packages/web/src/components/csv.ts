/**
 * CSV files the console writes: UTF-8 with a byte-order mark (so spreadsheets read CJK and Korean names
 * right), CRLF line ends, and cells a spreadsheet would run as a formula defused with a leading `'`.
 */

/** First characters that make a spreadsheet treat a cell as a formula (or a command, after a tab or CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text of one cell as written: formula guard first, then quoted when it holds `"`, `,` or a line end. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
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
  const url = URL.createObjectURL(csvBlob(rows));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
