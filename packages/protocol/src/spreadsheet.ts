// Text the console and the server write into spreadsheet files (CSV, xlsx). A cell whose text starts with
// = + - @ (or a tab or CR, which some programs skip before reading one of those) would be run as a formula when
// the file is opened: such text is written with a leading `'`, which spreadsheets read as "this is text". Files
// read back (the team import) undo it, so a value survives export and import unchanged.
//
// CSV files are read with a list separator that depends on the reader's locale: `,` in most, `;` where the
// decimal mark is a comma, TAB when pasted or imported as tab-separated. Such a reader splits a cell at its own
// separator even inside our quotes (a quote counts only at the start of a cell), so `x;=1+1` read with `;`
// gives the cells `x` and `=1+1`. A CSV cell is therefore defused after every `;`, TAB and line end in it too,
// and quoted when it holds a separator, a quote or a line end.

/** First characters that make a spreadsheet treat a cell as a formula (or a command, after a tab or CR). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** The text of a cell as written to a file: formula-like text gets a leading `'`. */
export function defuseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The value of a cell as `defuseCell` wrote it: a `'` before formula-like text is dropped (so a value that itself
 * began with `'=` reads back as `=`).
 */
export function undefuseCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Characters that end a CSV cell in some reader (any list separator, a line end) or open a quoted one. */
const CSV_QUOTED = /[",;\t\r\n]/;

/**
 * A `;`, TAB or line end followed (after spaces and quotes) by a formula character: where a reader with that
 * separator would start a cell that runs as a formula.
 */
const FORMULA_AFTER_SEPARATOR = /([;\t\r\n])(?=[ "]*[=+\-@])/g;

/**
 * The text of one CSV cell as written: text defused at its start (`defuseCell`) and after every `;`, TAB or
 * line end, then quoted, `"` doubled, when it holds a list separator (`,` `;` TAB), a line end or a `"`.
 * Numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  const text =
    typeof value === 'string' ? defuseCell(value).replace(FORMULA_AFTER_SEPARATOR, "$1'") : String(value);
  return CSV_QUOTED.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the first one the header) as CSV text: cells by `csvCell`, separated by `,`, rows by CRLF. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}
