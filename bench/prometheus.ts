// Reading a Prometheus text exposition, as a scraper would: samples, and quantiles estimated from a histogram's
// buckets the way PromQL's histogram_quantile does (linear within the bucket).

export type Sample = { name: string; labels: Record<string, string>; value: number };

export function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The samples named `name` whose labels include `labels`. */
export function select(all: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of the samples named `name` with `labels` (0 when there is none). */
export function total(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  return select(all, name, labels).reduce((sum, s) => sum + s.value, 0);
}

/** The `q` quantile (0–1) of histogram `name`, estimated from its cumulative buckets; NaN when it is empty. */
export function histogramQuantile(all: Sample[], name: string, q: number): number {
  const buckets = select(all, `${name}_bucket`)
    .map((s) => ({ le: s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le), n: s.value }))
    .sort((a, b) => a.le - b.le);
  const count = buckets.at(-1)?.n ?? 0;
  if (count === 0) return Number.NaN;
  const rank = q * count;
  let lower = 0;
  let below = 0;
  for (const { le, n } of buckets) {
    if (n >= rank) {
      // Past the last finite bucket: its upper bound is the best estimate.
      if (le === Number.POSITIVE_INFINITY) return lower;
      return lower + (le - lower) * ((rank - below) / Math.max(1, n - below));
    }
    lower = le;
    below = n;
  }
  return lower;
}
