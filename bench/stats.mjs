// Small statistics and table-printing helpers for bench/run.mjs.

/** Median, min and max of a list of milliseconds (undefined fields when empty). */
export function summarize(values) {
  if (!values.length) return { n: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { n: values.length, median: round(median), min: round(sorted[0]), max: round(sorted.at(-1)) };
}

/** The p-th percentile (0 < p ≤ 1) by nearest rank: a value that was measured, never interpolated. */
export function percentile(values, p) {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]);
}

export const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? +(a / b).toFixed(3) : undefined);

const round = x => Math.round(x * 10) / 10;

export const fmtMs = ms => (typeof ms === 'number' ? `${ms < 10 ? ms.toFixed(1) : Math.round(ms)}` : '-');

/** "median [min–max]", or the failure when the side never produced a result. */
export function fmtStats(s) {
  if (!s) return '-';
  if (!s.n) return s.error ? `FAILED: ${s.error.slice(0, 40)}` : '-';
  return `${fmtMs(s.median)} [${fmtMs(s.min)}–${fmtMs(s.max)}]`;
}

export const fmtRatio = r => (r === undefined ? '-' : `${r.toFixed(2)}x`);

/** Prints rows as an aligned plain-text table. */
export function printTable(header, rows) {
  const cells = [header, ...rows].map(row => row.map(c => String(c ?? '-')));
  const widths = header.map((_, i) => Math.max(...cells.map(r => r[i].length)));
  const line = row => row.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map(w => '-'.repeat(w)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}
