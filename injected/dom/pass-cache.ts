// Caches scoped to one snapshot (or one conformance query) pass: the DOM may change between
// passes, so nothing computed here may outlive `endAriaCaches()`.

let depth = 0;
const stores: Array<Map<unknown, unknown>> = [];

/** A cache map that only holds values while a pass is open; outside a pass it stays empty. */
export function passCache<K, V>(): Map<K, V> {
  const map = new Map<K, V>();
  stores.push(map as Map<unknown, unknown>);
  return map;
}

export function inAriaPass(): boolean {
  return depth > 0;
}

export function beginAriaCaches(): void {
  ++depth;
}

export function endAriaCaches(): void {
  if (--depth > 0) return;
  depth = 0;
  for (const store of stores) store.clear();
}

/** Memoize `compute(key)` in `cache` while a pass is open. */
export function cached<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  if (depth === 0) return compute();
  // One lookup on the hot path; `has` only to tell a cached undefined from a miss.
  const hit = cache.get(key);
  if (hit !== undefined || cache.has(key)) return hit as V;
  const value = compute();
  cache.set(key, value);
  return value;
}
