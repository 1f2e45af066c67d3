// Scores (settled results, team adjustments) are stored and sent in thousandths and shown divided by 1000.
// Raw game points (part_point_1, init_point) are plain points and never scaled.

/** Thousandths of a shown score, rounded to the nearest integer (12.3 → 12300). */
export function toThousandths(score: number): number {
  const v = Math.round(score * 1000);
  return v === 0 ? 0 : v;
}

/** The shown score of a stored value (12300 → 12.3). */
export function fromThousandths(thousandths: number): number {
  return thousandths / 1000;
}

/** The shown score as text with at most `decimals` decimals and no trailing zeros (12300 → "12.3"). */
export function formatThousandths(thousandths: number, decimals = 1): string {
  const shown = Number(fromThousandths(thousandths).toFixed(decimals));
  return String(shown === 0 ? 0 : shown);
}

/**
 * A settled score as players read it: always one decimal, with its sign (+9.4, +4.0, −12.0; 0.0 for none), so
 * scores side by side line up. The portal's pages and the table show every settled score with it.
 */
export function signedScore(thousandths: number): string {
  const text = (Math.abs(thousandths) / 1000).toFixed(1);
  if (text === '0.0') return '0.0';
  return thousandths > 0 ? `+${text}` : `−${text}`;
}

/**
 * Reads a typed score with at most `decimals` decimals ("-12.5" → -12500); null when the text is not such a
 * number. Used for team score changes (one decimal).
 */
export function parseScoreInput(text: string, decimals = 1): number | null {
  const pattern = decimals > 0 ? new RegExp(`^[+-]?\\d+(\\.\\d{1,${decimals}})?$`) : /^[+-]?\d+$/;
  const trimmed = text.trim();
  if (!pattern.test(trimmed)) return null;
  return toThousandths(Number(trimmed));
}
