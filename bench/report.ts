/** The figures table printed at the end of the benchmark. */
export interface Figure {
  name: string;
  value: string;
  goal?: string;
  pass?: boolean;
}

/** A plain-text table: a head, a rule, the rows; the columns `rightAligned` (numbers) padded on the left. */
export function printTable(
  head: string[],
  rows: string[][],
  rightAligned: (column: number) => boolean = () => false,
) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export function printFigures(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.name,
    f.value,
    f.goal ?? '—',
    f.pass === undefined ? '' : f.pass ? 'PASS' : 'FAIL',
  ]);
  printTable(['figure', 'measured', 'goal', ''], rows);
}
