// "Did you mean": how close a text on the page is to the one asked for, so a failing check can
// name what is there instead. Bounded: long texts are compared by windows of the query's length.

const MAX_COMPARED = 400;

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * 1 for the same text (ignoring case and spacing), 0 for nothing in common. A candidate that
 * contains the query scores high; a longer one is compared at its best-matching window.
 */
export function similarity(query: string, candidate: string): number {
  const q = query.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, MAX_COMPARED);
  const c = candidate.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, MAX_COMPARED * 4);
  if (!q || !c) return 0;
  if (q === c) return 1;
  if (c.includes(q)) return 0.95;
  if (q.includes(c)) return 0.5 + 0.4 * (c.length / q.length);
  if (c.length <= q.length * 1.5) return 1 - editDistance(q, c) / Math.max(q.length, c.length);
  // Windows start at word boundaries: the likely places a near-miss begins.
  let best = 0;
  const starts = [0];
  for (let i = 1; i < c.length && starts.length < 200; i++) if (c[i - 1] === ' ') starts.push(i);
  for (const start of starts) {
    const window = c.slice(start, start + q.length);
    best = Math.max(best, 1 - editDistance(q, window) / q.length);
  }
  return best * 0.9;
}

/** The `count` best candidates above `floor`, best first; ties keep document order. */
export function closest<T>(query: string, items: T[], textOf: (item: T) => string, count: number, floor = 0.3): T[] {
  return items
    .map((item, index) => ({ item, index, score: similarity(query, textOf(item)) }))
    .filter(s => s.score >= floor)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map(s => s.item);
}
