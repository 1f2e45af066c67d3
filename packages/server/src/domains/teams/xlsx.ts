import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { type ConsoleLang, defuseCell, undefuseCell } from '@taikai/protocol';
import ExcelJS from 'exceljs';

// The team spreadsheets (xlsx, through exceljs): one sheet, a header row in the reader's language, then one row
// per member. The columns, in this order, are those of the export, the template and the import alike.

/** The columns: team name, team description, nickname, public account id, remark. */
export const COLUMNS = 5;
export const Column = { TEAM: 0, DETAIL: 1, NICKNAME: 2, ACCOUNT: 3, REMARK: 4 } as const;

const HEADERS: Readonly<Record<ConsoleLang, readonly string[]>> = {
  chs: ['队伍名称', '队伍简介', '昵称', '账号ID', '备注'],
  chs_t: ['隊伍名稱', '隊伍簡介', '暱稱', '帳號ID', '備註'],
  jp: ['チーム名', 'チーム紹介', 'ニックネーム', 'アカウントID', '備考'],
  en: ['Team name', 'Team description', 'Nickname', 'Account ID', 'Remark'],
  kr: ['팀 이름', '팀 소개', '닉네임', '계정 ID', '비고'],
};

/** The languages a request's `lang` may name (the console's, and the short forms clients send), else English. */
const LANG_ALIASES: Readonly<Record<string, ConsoleLang>> = {
  chs: 'chs',
  zh: 'chs',
  cht: 'chs_t',
  chs_t: 'chs_t',
  jp: 'jp',
  ja: 'jp',
  en: 'en',
  kr: 'kr',
  ko: 'kr',
};

/** The header row in a request's language (English when none or not one of the five). */
export function headerFor(lang: string | undefined): readonly string[] {
  return HEADERS[LANG_ALIASES[(lang ?? '').toLowerCase()] ?? 'en'];
}

// Characters XML 1.0 cannot hold (the sheet would not open): C0 controls other than tab, LF and CR, and U+FFFE/F.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** A cell as written: text only, characters XML cannot hold removed, formula-like text defused. */
const cellOut = (text: string) => defuseCell(text.replace(NOT_XML, ''));

/** A workbook of one sheet `teams`: the header row (bold), then the rows; every cell is text. */
export async function writeSheet(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'taikai';
  const sheet = workbook.addWorksheet('teams');
  sheet.columns = header.map((_, i) => ({ width: i === Column.DETAIL || i === Column.REMARK ? 30 : 18 }));
  sheet.addRow(header.map(cellOut)).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(cellOut));
  // Text format: ids typed into the sheet stay as written.
  for (let c = 1; c <= header.length; c++) sheet.getColumn(c).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Why a file cannot be read as a team import. */
export class UnreadableFile extends Error {}

/** Limits of what an import file may hold once unpacked, so a small file cannot unpack into a huge one. */
const UNPACKED_MAX = 16 * 1024 * 1024;
const SHEET_ROWS_MAX = 10_000;

const inflate = promisify(inflateRaw) as (
  data: Buffer,
  options: { maxOutputLength: number },
) => Promise<Buffer>;

/**
 * Checks the zip container of an xlsx before it is opened: plain or deflated entries only, at most
 * `UNPACKED_MAX` bytes unpacked in all (each entry is unpacked here with that cap, whatever sizes it declares),
 * and at most `SHEET_ROWS_MAX` rows in each sheet.
 */
async function checkContainer(file: Buffer): Promise<void> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > file.length) throw new UnreadableFile('not a zip file');
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let budget = UNPACKED_MAX;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50)
      throw new UnreadableFile('bad zip directory');
    const method = file.readUInt16LE(at + 10);
    const packed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (local + 30 > file.length || file.readUInt32LE(local) !== 0x04034b50)
      throw new UnreadableFile('bad zip entry');
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    if (start + packed > file.length) throw new UnreadableFile('bad zip entry');
    const data = file.subarray(start, start + packed);
    let unpacked: Buffer;
    if (method === 0) unpacked = data;
    else if (method === 8) {
      try {
        unpacked = await inflate(data, { maxOutputLength: Math.max(budget, 1) });
      } catch {
        throw new UnreadableFile('a zip entry unpacks too large or is damaged');
      }
    } else throw new UnreadableFile('unsupported zip compression');
    budget -= unpacked.length;
    if (budget < 0) throw new UnreadableFile('the file unpacks too large');
    if (/^\/?xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      const rows = unpacked.toString('latin1').match(/<(?:\w+:)?row[\s>/]/g)?.length ?? 0;
      if (rows > SHEET_ROWS_MAX) throw new UnreadableFile('too many rows');
    }
  }
}

/** The text of a cell as read: numbers as digits, rich text joined, a formula's cached result, a link's text. */
function cellText(value: ExcelJS.CellValue, depth = 0): string {
  if (value === null || value === undefined || depth > 3) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value)
      return cellText((value as { result?: ExcelJS.CellValue }).result ?? null, depth + 1);
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue, depth + 1);
  }
  return '';
}

/** A data row of a sheet: its number (the header is row 1) and its first `COLUMNS` cells, trimmed and undefused. */
export type SheetRow = { row: number; cells: string[] };

/**
 * The data rows of a file's first sheet: row 2 on, whatever the header row says; rows with nothing in the first
 * `COLUMNS` cells are skipped; later columns are ignored. Throws `UnreadableFile` for anything that is not such
 * a workbook.
 */
export async function readSheet(file: Buffer): Promise<SheetRow[]> {
  await checkContainer(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new UnreadableFile('not an xlsx file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFile('the workbook has no sheet');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = Array.from({ length: COLUMNS }, (_, i) =>
      undefuseCell(cellText(row.getCell(i + 1).value).trim()).trim(),
    );
    if (cells.some((c) => c !== '')) rows.push({ row: number, cells });
  });
  return rows;
}
