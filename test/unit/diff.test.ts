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
    expect(text).toContain('# diff: 1 removed (unchanged parts omitted)');
    expect(text).toContain('  - removed: row "Order 5" [ref=e60]');
    expect(text).not.toContain('Delete 5');
  });

  it('shows added subtrees in full with the previous sibling as position', () => {
    const before = tableYaml(10, () => undefined, new Set([7]));
    const after = tableYaml(10);
    const { text } = diffSnapshots(before, after);
    expect(text).toBe([
      '# diff: 1 added (unchanged parts omitted)',
      '~ main [ref=e1] > table "Orders" [ref=e3] > rowgroup [ref=e4]',
      '  - row "Order 6" [ref=e70] (unchanged)',
      '  - row "Order 7" [ref=e80]:',
      '    - cell "Order 7" [ref=e81]',
      '    - cell [ref=e82]:',
      '      - link "Open 7" [ref=e83] [cursor=pointer]:',
      '        - /url: /orders/7',
      '    - cell [ref=e84]:',
      '      - button "Delete 7" [ref=e85]',
    ].join('\n'));
  });

  it('merges the context of every change under one line, and lists the removed of a parent on one line', () => {
    const before = tableYaml(10);
    const after = tableYaml(10, i => (i === 2 ? 'Order 2 edited' : undefined), new Set([4, 5]))
      .replace('  - contentinfo [ref=e9]: Footer text', '  - contentinfo [ref=e9]: 8 orders');
    const { text } = diffSnapshots(before, after);
    expect(text).toBe([
      '# diff: 3 changed, 2 removed (unchanged parts omitted)',
      '~ main [ref=e1]',
      '  - table "Orders" [ref=e3]:',
      '    - rowgroup [ref=e4]:',
      '      - row "Order 2 edited" [ref=e30]:',
      '        - cell "Order 2 edited" [ref=e31]',
      '      - removed: row "Order 4" [ref=e50], row "Order 5" [ref=e60]',
      '  - contentinfo [ref=e9]: 8 orders',
    ].join('\n'));
  });

  it('prints a re-rendered parent once, under its new ref with the old one, and the nodes it took over not at all', () => {
    const before = '- main [ref=e1]:\n  - row [ref=e2]:\n    - cell "A" [ref=e3]\n    - cell "B" [ref=e4]\n  - status [ref=e5]: 1 row';
    const after = '- main [ref=e1]:\n  - row [ref=e6]:\n    - cell "A" [ref=e3]\n    - cell "B" [ref=e4]\n  - status [ref=e5]: 1 row';
    const { text, touched } = diffSnapshots(before, after);
    expect(text).toBe([
      '# diff: 1 re-rendered (unchanged parts omitted)',
      '~ main [ref=e1]',
      '  - row [ref=e6] (was e2)',
    ].join('\n'));
    expect([...touched].sort()).toEqual(['e2', 'e6']);
  });

  it('pairs re-rendered levels top-down and shows only what changed inside them', () => {
    // ag-grid's filter row after typing: the row and the cell are new elements around the same controls.
    const before = ['- grid [ref=e1]:', '  - row [ref=e2]:', '    - columnheader "Make" [ref=e3]', '  - row [ref=e4]:',
      '    - gridcell [ref=e5]:', '      - textbox "Make Filter" [ref=e6]', '      - button "Menu" [ref=e7]', '    - gridcell [ref=e8]:',
      '      - textbox "Model Filter" [ref=e9]', '  - row [ref=e10]:', '    - gridcell "Toyota" [ref=e11]'].join('\n');
    const after = ['- grid [ref=e1]:', '  - row [ref=e2]:', '    - columnheader "Make" [ref=e3]', '  - row [ref=e20]:',
      '    - gridcell [ref=e21]:', '      - textbox "Make Filter" [active] [ref=e6]: Ford', '      - button "Clear" [ref=e22]', '      - button "Menu" [ref=e7]',
      '    - gridcell [ref=e8]:', '      - textbox "Model Filter" [ref=e9]'].join('\n');
    expect(diffSnapshots(before, after).text).toBe([
      '# diff: 1 changed, 1 added, 1 removed, 2 re-rendered (unchanged parts omitted)',
      '~ grid [ref=e1]',
      '  - row [ref=e20] (was e4):',
      '    - gridcell [ref=e21] (was e5):',
      '      - textbox "Make Filter" [active] [ref=e6]: Ford',
      '      - button "Clear" [ref=e22]',
      '  - removed: row [ref=e10]',
    ].join('\n'));
  });

  it('does not pair a new node with a removed one of another role, or one from another parent', () => {
    const before = '- main [ref=e1]:\n  - list [ref=e2]:\n    - listitem "A" [ref=e3]\n  - region [ref=e4]';
    const after = '- main [ref=e1]:\n  - group [ref=e6]:\n    - listitem "A" [ref=e3]\n  - region [ref=e4]:\n    - list [ref=e7]:\n      - listitem "B" [ref=e8]';
    const { text } = diffSnapshots(before, after);
    expect(text).not.toContain('(was');
    expect(text).toContain('- listitem "A" [ref=e3] (moved)');
    expect(text).toContain('- removed: list [ref=e2]');
  });

  it('takes what a fold hides for hidden, not removed, and a node folded or unfolded for unchanged', () => {
    const open = '- main [ref=e1]:\n  - table [ref=e2]:\n    - row "A" [ref=e3]\n    - row "B" [ref=e4]\n  - button "Go" [ref=e5]';
    const folded = '- main [ref=e1]:\n  - table [ref=e2]: "… 2 nodes off-screen, 0 interactive: snapshot with ref=e2"\n  - button "Go" [ref=e5]';
    expect(diffSnapshots(open, folded).changed).toBe(false);
    expect(diffSnapshots(folded, open).text).toContain('- row "A" [ref=e3]');
    const pressed = folded.replace('button "Go" [ref=e5]', 'button "Go" [pressed] [ref=e5]');
    expect(diffSnapshots(open, pressed).text).not.toContain('removed');
  });

  it('says where the focus went in one line, not as a change of the nodes it left and reached', () => {
    const before = '- main [ref=e1]:\n  - region "A" [ref=e2]:\n    - button "Go" [active] [ref=e3]\n  - textbox "Name" [ref=e4]';
    const moved = before.replace('"Go" [active]', '"Go"').replace('textbox "Name" [ref=e4]', 'textbox "Name" [active] [ref=e4]');
    expect(diffSnapshots(before, moved).text).toBe('# diff: only the focus moved\n# focus: textbox "Name" [ref=e4]');
    // A printed line that shows it says it already.
    const typed = moved.replace('[ref=e4]', '[ref=e4]: Ada');
    expect(diffSnapshots(before, typed).text).toBe('# diff: 1 changed (unchanged parts omitted)\n~ main [ref=e1]\n  - textbox "Name" [active] [ref=e4]: Ada');
  });

  it('tells as removed what a snapshot read in between showed and is gone from both', () => {
    const page = '- main [ref=e1]:\n  - button "Actions" [ref=e2]\n  - paragraph [ref=e3]: Draft';
    const menu = '- dialog "Actions" [ref=e4]:\n  - menu "Actions" [ref=e5]:\n    - menuitem "Duplicate" [ref=e6]';
    const after = page.replace('paragraph [ref=e3]: Draft', 'paragraph [ref=e3]: Duplicated');
    expect(diffSnapshots(page, after, { alsoRead: menu }).text).toBe([
      '# diff: 1 changed, 1 removed (unchanged parts omitted)',
      '~ main [ref=e1]',
      '  - paragraph [ref=e3]: Duplicated',
      '~ (page)',
      '  - removed: dialog "Actions" [ref=e4]',
    ].join('\n'));
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

  it('shows a changed node with only its new lines, its unchanged children left out', () => {
    const before = tableYaml(20);
    const after = before.replace('    - rowgroup [ref=e4]:', '    - rowgroup [ref=e4]:\n      - text: Loading more');
    const { text } = diffSnapshots(before, after);
    expect(text).toBe('# diff: 1 changed (unchanged parts omitted)\n~ main [ref=e1] > table "Orders" [ref=e3]\n  - rowgroup [ref=e4]:\n    - text: Loading more');
    const back = diffSnapshots(after, before).text;
    expect(back).toContain('    - removed: text: Loading more');
  });

  it('lists the children of a reordered parent in their new order', () => {
    const a = '- list [ref=e1]:\n  - listitem [ref=e2]: A\n  - listitem [ref=e3]: B';
    const b = '- list [ref=e1]:\n  - listitem [ref=e3]: B\n  - listitem [ref=e2]: A';
    const { text, changed } = diffSnapshots(a, b);
    expect(changed).toBe(true);
    expect(text).toBe('# diff: 1 changed (unchanged parts omitted)\n~ list [ref=e1]\n  - new order: listitem [ref=e3]: B, listitem [ref=e2]: A');
  });

  it('gives a sorted table its new row order on one line, and lists every child when some changed too', () => {
    const rows = (order: number[], edit?: number) => ['- table [ref=e1]:', ...order.map(i => `  - row "${i === edit ? 'edited' : `r${i}`}" [ref=e${i + 1}]:\n    - cell [ref=e${i + 20}]`)].join('\n');
    const plain = (order: number[]) => ['- table [ref=e1]:', ...order.map(i => `  - row [ref=e${i + 1}]`)].join('\n');
    expect(diffSnapshots(plain([1, 2, 3, 4]), plain([4, 2, 3, 1])).text.split('\n').slice(1))
      .toEqual(['~ table [ref=e1]', '  - new order: 4 × row (e5, e3, e4, e2)']);
    expect(diffSnapshots(rows([1, 2, 3]), rows([3, 1, 2], 1)).text.split('\n').slice(1)).toEqual([
      '~ table [ref=e1]', '  - row "r3" [ref=e4] (unchanged)', '  - row "edited" [ref=e2]', '  - row "r2" [ref=e3] (unchanged)']);
  });

  it('handles top-level text changes and an empty previous snapshot', () => {
    expect(diffSnapshots('- text: hello', '- text: bye').text).toContain('~ (page)\n  - text: bye');
    const fromEmpty = diffSnapshots('', '- button "Go" [ref=e1]');
    expect(fromEmpty.changed).toBe(true);
    expect(fromEmpty.text).toBe('# diff: 1 added (unchanged parts omitted)\n~ (page)\n  - button "Go" [ref=e1]');
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


describe('removed nodes', () => {
  it('counts alike ones once with their refs, and names the others', () => {
    const before = ['- main [ref=e1]:', '  - grid [ref=e2]:',
      ...[10, 20, 30, 40].map(r => `    - row [ref=e${r}]:\n      - gridcell "Car ${r}" [ref=e${r + 1}]`),
      '    - row "Totals" [ref=e90]', '  - button "Export" [ref=e99]'].join('\n');
    const after = ['- main [ref=e1]:', '  - grid [ref=e2]:', '    - row [ref=e10]:', '      - gridcell "Car 10" [ref=e11]'].join('\n');
    const text = diffSnapshots(before, after).text;
    expect(text).toContain('  - removed: 3 × row (e20, e30, e40), row "Totals" [ref=e90]');
    expect(text).toContain('- removed: button "Export" [ref=e99]');
    expect(text.split('\n')[0]).toBe('# diff: 5 removed (unchanged parts omitted)');
  });
});
