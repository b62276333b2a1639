// A snapshot text sent as a patch (injected/snapshot/transfer.ts) rebuilds, on the driver's side
// (driver/page/runtime.ts), into exactly the text: at chunk boundaries, with repeats that make
// the shared start and end overlap, growing, shrinking and emptied, and on random edits.
import { describe, expect, it } from 'vitest';
import { createSnapshotTransfer, patchOf } from '../../injected/snapshot/transfer.js';
import { applyPatch } from '../../driver/page/runtime.js';
import type { SnapshotResult } from '../../injected/types.js';

function roundTrip(base: string, next: string): { rebuilt: string; middle: number } {
  const patch = patchOf(base, next, 'v1');
  expect(patch.head + patch.tail).toBeLessThanOrEqual(Math.min(base.length, next.length));
  return { rebuilt: applyPatch(base, patch), middle: patch.middle.length };
}

describe('snapshot text patches', () => {
  const line = (i: number) => `  - row "Order ${i} Open ${i} Delete ${i}" [ref=e${i}]:\n`;
  const page = (rows: number, edit?: (i: number) => string | undefined) =>
    Array.from({ length: rows }, (_, i) => edit?.(i) ?? line(i)).join('');

  it('sends one changed row of a large page as that row', () => {
    const base = page(5000);
    const next = page(5000, i => (i === 2500 ? '  - row "Order 2500 edited" [ref=e2500]:\n' : undefined));
    const { rebuilt, middle } = roundTrip(base, next);
    expect(rebuilt).toBe(next);
    expect(middle).toBeLessThan(40);
  });

  it('rebuilds edge cases exactly', () => {
    const cases: Array<[string, string]> = [
      ['', ''], ['', 'abc'], ['abc', ''], ['abc', 'abc'], ['aaa', 'aaaa'], ['aaaa', 'aaa'], ['abab', 'ab'],
      ['x'.repeat(1024), 'x'.repeat(1025)], ['x'.repeat(2048) + 'y', 'x'.repeat(2048) + 'z'],
      ['y' + 'x'.repeat(4096), 'z' + 'x'.repeat(4096)], ['é中'.repeat(700), 'é中'.repeat(699) + '😀'],
      [page(100), page(100, i => (i === 0 ? '' : undefined))], [page(100), page(100, i => (i === 99 ? '' : undefined))],
    ];
    for (const [base, next] of cases) expect(roundTrip(base, next).rebuilt, JSON.stringify([base.slice(0, 20), next.slice(0, 20)])).toBe(next);
  });

  it('rebuilds random edits exactly', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < 300; n++) {
      const base = page(Math.floor(random() * 300));
      let next = base;
      for (let e = Math.floor(random() * 4); e >= 0; e--) {
        const at = Math.floor(random() * (next.length + 1));
        const cut = Math.floor(random() * Math.min(3000, next.length - at + 1));
        const insert = random() < 0.5 ? '' : 'ab\n'.repeat(Math.floor(random() * 500));
        next = next.slice(0, at) + insert + next.slice(at + cut);
      }
      expect(roundTrip(base, next).rebuilt).toBe(next);
    }
  });

  it('patches only against the version the caller names, and versions every text', () => {
    const transfer = createSnapshotTransfer('doc');
    const result = (yaml: string, basis?: string): SnapshotResult => ({ yaml, basis, iframes: [], lastRef: 0, docId: 'doc', url: 'http://x/' });
    const first = transfer.send(result('a\nb\nc\n'), undefined);
    expect(first.yaml).toBe('a\nb\nc\n');
    expect(first.patches).toBeUndefined();
    const second = transfer.send(result('a\nB\nc\n'), { yaml: first.versions!.yaml });
    expect(second.yaml).toBeUndefined();
    expect(applyPatch('a\nb\nc\n', second.patches!.yaml!)).toBe('a\nB\nc\n');
    expect(second.patches!.yaml!.base).toBe(first.versions!.yaml);
    // A version that is not the last one sent (another caller came in between): the whole text.
    const third = transfer.send(result('a\nB\nC\n', 'full'), { yaml: first.versions!.yaml });
    expect(third.yaml).toBe('a\nB\nC\n');
    expect(third.basis).toBe('full');
    expect(new Set([first.versions!.yaml, second.versions!.yaml, third.versions!.yaml, third.versions!.basis]).size).toBe(4);
  });
});
