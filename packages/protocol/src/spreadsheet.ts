// Text the console and the server write into spreadsheet files (CSV, xlsx). A cell whose text starts with
// = + - @ (or a tab or CR, which some programs skip before reading one of those) would be run as a formula when
// the file is opened: such text is written with a leading `'`, which spreadsheets read as "this is text". Files
// read back (the team import) undo it, so a value survives export and import unchanged.

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
