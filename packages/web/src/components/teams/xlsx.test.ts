import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, XLSX_MAX_BYTES, xlsxFileName, xlsxUploadProblem } from './xlsx';

describe('xlsx files as they travel', () => {
  it('bytes go to base64 and back unchanged, also past one read chunk', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
    expect(base64ToBytes(text)).toEqual(bytes);
    expect(bytesToBase64(new Uint8Array([80, 75, 3, 4]))).toBe('UEsDBA==');
  });

  it('only one .xlsx file of at most 2 MB is taken; other types are refused', () => {
    expect(xlsxUploadProblem({ name: 'teams.xlsx', size: 10 })).toBeNull();
    expect(xlsxUploadProblem({ name: 'TEAMS.XLSX', size: 10 })).toBeNull();
    expect(xlsxUploadProblem({ name: 'teams.xls', size: 10 })).toBe('type');
    expect(xlsxUploadProblem({ name: 'teams.csv', size: 10 })).toBe('type');
    expect(xlsxUploadProblem({ name: 'teams.xlsx', size: 0 })).toBe('empty');
    expect(xlsxUploadProblem({ name: 'teams.xlsx', size: XLSX_MAX_BYTES + 1 })).toBe('size');
    // its base64 fits the call's limit
    expect(Math.ceil(XLSX_MAX_BYTES / 3) * 4).toBeLessThanOrEqual(2_800_000);
  });

  it('a file name ends in .xlsx and holds no path separators', () => {
    expect(xlsxFileName('Cup/season 1', 'x.xlsx')).toBe('Cup_season 1.xlsx');
    expect(xlsxFileName('teams.XLSX', 'x.xlsx')).toBe('teams.XLSX');
    expect(xlsxFileName('  ', 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
