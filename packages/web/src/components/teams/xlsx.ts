import { saveFile } from '../saveFile';

// Spreadsheets the console exchanges with the server (the team list export, the team import and its template):
// they travel base64-encoded, at most 2 MB of file.

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The largest file the import call takes (its base64 stays under the call's 2 800 000 characters). */
export const XLSX_MAX_BYTES = 2 * 1024 * 1024;

/** Base64 of bytes, without a data-URL prefix; read in chunks so a large file does not overflow the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** The bytes of a base64 text (whitespace ignored). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why a chosen file cannot be imported: not an .xlsx file, empty, or larger than 2 MB; null when it can. */
export function xlsxUploadProblem(file: { name: string; size: number }): 'type' | 'empty' | 'size' | null {
  if (!/\.xlsx$/i.test(file.name.trim())) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > XLSX_MAX_BYTES) return 'size';
  return null;
}

/** A file name that ends in `.xlsx` and holds no path separators or characters file systems refuse. */
export function xlsxFileName(name: string, fallback: string): string {
  const clean =
    [...name]
      .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .trim() || fallback;
  return /\.xlsx$/i.test(clean) ? clean : `${clean}.xlsx`;
}

/** A chosen file's contents as base64. */
export async function readFileBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}

/** Makes the browser save a base64 xlsx file as `fileName`. */
export function saveXlsx(fileName: string, base64: string): void {
  saveFile(fileName, new Blob([base64ToBytes(base64)], { type: XLSX_MIME }));
}
