import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../driver/page/diff.js';

/** A Playwright-style AI snapshot of an orders table; `edit` rewrites the text of some rows. */
function tableYaml(rows: number, edit: (i: number) => string | undefined = () => undefined, skip = new Set<number>()): string {
  const lines = ['- main [ref=e1]:', '  - heading "Orders" [level=1] [ref=e2]', '  - table "Orders" [ref=e3]:', '    - rowgroup [ref=e4]:'];
  for (let i = 1; i <= rows; i++) {
    if (skip.has(i)) continue;
    const r = 10 + i * 10;
    const label = edit(i) ?? `Order ${i}`;
    lines.push(
      `      - row "${label}" [ref=e${r}]:`,
      `        - cell "${label}" [ref=e${r + 1}]`,
      `        - cell [ref=e${r + 2}]:`,
      `          - link "Open ${i}" [ref=e${r + 3}] [cursor=pointer]:`,
      `            - /url: /orders/${i}`,
      `        - cell [ref=e${r + 4}]:`,
      `          - button "Delete ${i}" [ref=e${r + 5}]`,
    );
  }
  lines.push('  - contentinfo [ref=e9]: Footer text');
  return lines.join('\n');
}

describe('diffSnapshots', () => {
  it('reports no change for identical snapshots (blank lines ignored)', () => {
    const yaml = tableYaml(5);
    const result = diffSnapshots(yaml, yaml + '\n\n');
    expect(result.changed).toBe(false);
    expect(result.text).toMatch(/no changes/);
  });

  it('shows only the changed row, with its ancestor path, for a one-row edit', () => {
    const before = tableYaml(1000);
    const after = tableYaml(1000, i => (i === 42 ? 'Order 42 edited' : undefined));
    const { text, changed } = diffSnapshots(before, after);
    expect(changed).toBe(true);
    expect(text).toContain('~ main [ref=e1] > table "Orders" [ref=e3] > rowgroup [ref=e4]');
    expect(text).toContain('- row "Order 42 edited" [ref=e430]:');
    expect(text).toContain('- cell "Order 42 edited" [ref=e431]');
    expect(text).not.toContain('Order 41');
    expect(text).not.toContain('Order 43');
    expect(text.length / after.length).toBeLessThan(0.02);
  });

  it('marks removed subtrees by their first line only', () => {
    const before = tableYaml(10);
    const after = tableYaml(10, () => undefined, new Set([5]));
    const { text } = diffSnapshots(before, after);
    expect(text).toContain('# diff: 0 changed, 0 added, 1 removed');
    expect(text).toContain('  - removed: row "Order 5" [ref=e60]');
    expect(text).not.toContain('Delete 5');
  });

  it('shows added subtrees in full with the previous sibling as position', () => {
    const before = tableYaml(10, () => undefined, new Set([7]));
    const after = tableYaml(10);
    const { text } = diffSnapshots(before, after);
    expect(text).toContain('+ main [ref=e1] > table "Orders" [ref=e3] > rowgroup [ref=e4] (after [ref=e70])');
    expect(text).toContain('- button "Delete 7" [ref=e85]');
  });

  it('shows a changed ref-less line (text, /url) as a change of its nearest ref ancestor', () => {
    const before = tableYaml(3);
    const after = before.replace('- /url: /orders/2', '- /url: /orders/2?x=1');
    const { text } = diffSnapshots(before, after);
    expect(text).toContain('~ main [ref=e1] > table "Orders" [ref=e3] > rowgroup [ref=e4] > row "Order 2" [ref=e30] > cell [ref=e32]');
    expect(text).toContain('- link "Open 2" [ref=e33] [cursor=pointer]:');
    expect(text).toContain('- /url: /orders/2?x=1');
    expect(text).not.toContain('Delete 2');
  });

  it('reduces unchanged children to one line each, long runs to a count', () => {
    const before = tableYaml(20);
    const after = before.replace('    - rowgroup [ref=e4]:', '    - rowgroup [ref=e4]:\n      - text: Loading more');
    const { text } = diffSnapshots(before, after);
    expect(text).toContain('- text: Loading more');
    expect(text).toContain('- row "Order 1" [ref=e20] (unchanged)');
    expect(text).toContain('- … 17 more unchanged');
    expect(text).not.toContain('Delete 1"');
  });

  it('treats a reorder as a change of the parent', () => {
    const a = '- list [ref=e1]:\n  - listitem [ref=e2]: A\n  - listitem [ref=e3]: B';
    const b = '- list [ref=e1]:\n  - listitem [ref=e3]: B\n  - listitem [ref=e2]: A';
    const { text, changed } = diffSnapshots(a, b);
    expect(changed).toBe(true);
    expect(text).toContain('~ (page)');
    expect(text.indexOf('[ref=e3]')).toBeLessThan(text.indexOf('[ref=e2]:'));
  });

  it('handles top-level text changes and an empty previous snapshot', () => {
    expect(diffSnapshots('- text: hello', '- text: bye').text).toContain('- text: bye');
    const fromEmpty = diffSnapshots('', '- button "Go" [ref=e1]');
    expect(fromEmpty.changed).toBe(true);
    expect(fromEmpty.text).toContain('+ (page) (first)');
  });

  it('handles very deep snapshots without recursion and abbreviates long paths', () => {
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++) lines.push(`${'  '.repeat(i)}- region "L${i}" [ref=e${i}]:`);
    lines.push(`${'  '.repeat(5000)}- button "B" [ref=e9999]`);
    const before = lines.join('\n');
    const { text } = diffSnapshots(before, before.replace('button "B"', 'button "C"'));
    expect(text).toContain('~ region "L0" [ref=e0] > region "L1" [ref=e1] > … 4992 levels … > region "L4994" [ref=e4994]');
    expect(text).toContain('  - button "C" [ref=e9999]');
    expect(text.length).toBeLessThan(700);
  });
});

