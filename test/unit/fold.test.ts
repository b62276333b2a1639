import { describe, expect, it } from 'vitest';
import type { AriaNode } from '../../injected/types.js';
import { foldToBudget, parseFoldLine, type FoldOptions } from '../../injected/fold/fold.js';
import { measureTree } from '../../injected/fold/measure.js';
import { renderYaml } from '../../injected/snapshot/render-yaml.js';
import { allRefs, deepTree, findRef, flatTree, formTree, randomTree, tableTree } from './fold-trees.js';

const BUDGET = 8000;
const maxChars = (tokens: number) => tokens * 4;

/** What a snapshot with these options returns: the rootRef subtree under a fragment, then folded. */
function snapshot(full: AriaNode, options: FoldOptions): AriaNode {
  let tree = full;
  if (options.rootRef) {
    const root = findRef(full, options.rootRef);
    if (!root) throw new Error(`unknown ref ${options.rootRef}`);
    tree = { role: 'fragment', name: '', children: [root] };
  }
  return foldToBudget(tree, options);
}

function foldLines(tree: AriaNode): string[] {
  const lines: string[] = [];
  const stack: AriaNode[] = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    for (const c of n.children) {
      if (typeof c === 'string') { if (parseFoldLine(c)) lines.push(c); } else stack.push(c);
    }
  }
  return lines;
}

function byRef(tree: AriaNode): Map<string, AriaNode> {
  const map = new Map<string, AriaNode>();
  const stack: AriaNode[] = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.ref) map.set(n.ref, n);
    for (const c of n.children) if (typeof c !== 'string') stack.push(c);
  }
  return map;
}

/** Every node shown keeps the original's fields; only children lists differ. */
function expectFaithful(folded: AriaNode, full: AriaNode): void {
  const originals = byRef(full);
  const stack: AriaNode[] = [folded];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.ref) {
      const original = originals.get(n.ref)!;
      const { children: _a, ...shown } = n;
      const { children: _b, ...expected } = original;
      if (JSON.stringify(shown) !== JSON.stringify(expected)) expect(shown).toEqual(expected);
    }
    for (const c of n.children) if (typeof c !== 'string') stack.push(c);
  }
}

/** Follows every fold line (as an agent would) and returns the union of refs seen. */
function reachableRefs(full: AriaNode, budgetTokens: number, limit?: number): { refs: Set<string>; pages: number } {
  const refs = new Set<string>();
  const seen = new Set<string>();
  const queue: FoldOptions[] = [{ budgetTokens, limit }];
  let pages = 0;
  while (queue.length) {
    const options = queue.shift()!;
    const key = `${options.rootRef}|${options.offset}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pages++;
    const page = snapshot(full, options);
    for (const ref of allRefs(page)) refs.add(ref);
    for (const line of foldLines(page)) queue.push({ ...parseFoldLine(line)!, budgetTokens, limit });
  }
  return { refs, pages };
}

describe('measureTree', () => {
  it('equals the rendered YAML length', () => {
    for (const tree of [tableTree(30), deepTree(40), flatTree(60), randomTree(7, 400)])
      expect(measureTree(tree)).toBe(renderYaml(tree).length);
  });

  it('counts values, placeholders, descriptions and inline text like the renderer', () => {
    const tree: AriaNode = { role: 'fragment', name: '', children: [
      { role: 'textbox', name: 'Email', ref: 'e1', value: 'a@b.c', placeholder: 'you@x', children: [] },
      { role: 'button', name: 'Go', ref: 'e2', description: 'Sends it', children: [] },
      { role: 'textbox', name: 'Pin', ref: 'e3', hasValue: true, children: [] },
      { role: 'paragraph', name: '', ref: 'e4', children: ['yes'] },
      { role: 'list', name: '', ref: 'e5', children: [{ role: 'listitem', name: '', ref: 'e6', children: ['- a: b', 'c'] }] },
    ] };
    expect(measureTree(tree)).toBe(renderYaml(tree).length);
  });
});

describe('foldToBudget', () => {
  it('returns the tree itself when it fits or when there is no budget', () => {
    const small = tableTree(5);
    expect(foldToBudget(small, { budgetTokens: BUDGET })).toBe(small);
    const big = tableTree(1000);
    expect(foldToBudget(big, {})).toBe(big);
  });

  it('folds a 1,000-row table to the budget, keeping the first rows whole and the footer', () => {
    const full = tableTree(1000);
    const folded = foldToBudget(full, { budgetTokens: BUDGET });
    const yaml = renderYaml(folded);
    expect(yaml.length).toBeLessThanOrEqual(maxChars(BUDGET));
    expect(yaml.length).toBeGreaterThan(maxChars(BUDGET) * 0.8);  // uses the budget, not a tiny page
    expect(yaml).toMatch(/- text: "… \d+ more rows folded: snapshot with ref=e4 offset=\d+"/);
    expect(yaml).toContain('- button "Delete 1" [ref=e');
    expect(yaml).toContain('- link "Contact"');
    expect(yaml).not.toContain('Delete 1000');
    expectFaithful(folded, full);
  });

  it('keeps the input untouched', () => {
    const full = tableTree(300);
    const before = JSON.stringify(full);
    foldToBudget(full, { budgetTokens: 500 });
    expect(JSON.stringify(full)).toBe(before);
  });

  it('pages the children of a root ref with offset and limit', () => {
    const full = tableTree(100);
    const page = snapshot(full, { rootRef: 'e4', offset: 10, limit: 5 });
    const yaml = renderYaml(page);
    expect(yaml.split('\n')[0]).toBe('- rowgroup [ref=e4]:');
    expect(yaml).toContain('- text: "… 10 earlier items: snapshot with ref=e4 offset=0"');
    expect(yaml).toContain('- row "Order 11 Open 11 Delete 11"');
    expect(yaml).toContain('- row "Order 15 Open 15 Delete 15"');
    expect(yaml).not.toContain('Order 16 ');
    expect(yaml).toContain('- text: "… 85 more items: snapshot with ref=e4 offset=15"');
  });

  it('folds a 2,000-deep chain by depth, naming the ref to continue from', () => {
    const full = deepTree(2000);
    const folded = foldToBudget(full, { budgetTokens: BUDGET });
    const yaml = renderYaml(folded);
    expect(yaml.length).toBeLessThanOrEqual(maxChars(BUDGET));
    expect(yaml).toMatch(/"… \d+ nodes folded, 1 interactive: snapshot with ref=e\d+"/);
    expectFaithful(folded, full);
  });

  it('falls back to "more items" lines for wide levels without runs', () => {
    const full = flatTree(5000);
    const folded = foldToBudget(full, { budgetTokens: 1000 });
    const yaml = renderYaml(folded);
    expect(yaml.length).toBeLessThanOrEqual(maxChars(1000));
    expect(yaml).toMatch(/more items folded: snapshot with offset=\d+/);
    expectFaithful(folded, full);
  });

  it('fills the budget on a wide level under the outline instead of a tiny outline', () => {
    const full = formTree(1000);
    const yaml = renderYaml(foldToBudget(full, { budgetTokens: 2000 }));
    expect(yaml.length).toBeLessThanOrEqual(maxChars(2000));
    expect(yaml.length).toBeGreaterThan(maxChars(2000) / 2);
    expect(yaml).toContain('- textbox "Field 0" [ref=e1]');
    expect(yaml).toMatch(/form "Big form" \[ref=e1001\]:\n[^]*more items folded: snapshot with ref=e1001 offset=\d+/);
  });

  it('counts the value line a select shows once its options are folded away', () => {
    const selects: AriaNode[] = [];
    for (let i = 0; i < 400; i++) {
      const options = Array.from({ length: 12 }, (_, j) => ({ role: 'option', name: `Option number ${j} of select ${i}`, ref: `e${i}o${j}`, children: [] }));
      selects.push({ role: 'combobox', name: `Pick ${i}`, ref: `e${i}`, value: `Option number 0 of select ${i}`, children: options });
      selects.push({ role: 'textbox', name: `Note ${i}`, ref: `e${i}t`, children: [] });
    }
    const full: AriaNode = { role: 'fragment', name: '', children: [{ role: 'form', name: 'F', ref: 'f', children: selects }] };
    for (const budget of [300, 800, 1500, 4000, 8000]) {
      const yaml = renderYaml(foldToBudget(full, { budgetTokens: budget }));
      expect(yaml.length).toBeLessThanOrEqual(maxChars(budget));
    }
  });

  it('cuts a text run or name that alone is larger than the budget allows, saying how much', () => {
    const huge = Array.from({ length: 20_000 }, (_, i) => `item ${i}`).join(' ');
    const tree: AriaNode = { role: 'fragment', name: '', children: [
      { role: 'paragraph', name: '', ref: 'e1', children: [huge] },
      { role: 'button', name: huge, ref: 'e2', children: [] },
    ] };
    const folded = foldToBudget(tree, { budgetTokens: 1000 });
    const yaml = renderYaml(folded);
    expect(yaml.length).toBeLessThan(4000);
    expect(yaml).toContain('item 0 item 1');
    expect(yaml).toMatch(/… \(\d+ more characters\)/);
    expect(findRef(folded, 'e1')).toBeDefined();
    // Short texts keep every character.
    expect(renderYaml(foldToBudget(tableTree(1000), { budgetTokens: 1000 }))).not.toMatch(/more characters/);
  });

  it('parses its own fold lines back into snapshot options', () => {
    expect(parseFoldLine('… 990 more rows folded: snapshot with ref=e12 offset=10')).toEqual({ rootRef: 'e12', offset: 10 });
    expect(parseFoldLine('… 51 nodes folded, 1 interactive: snapshot with ref=f2e9')).toEqual({ rootRef: 'f2e9', offset: undefined });
    expect(parseFoldLine('… 4 more items folded: snapshot with offset=7')).toEqual({ rootRef: undefined, offset: 7 });
    expect(parseFoldLine('… and the rest is history')).toBeNull();
  });
});

describe('folding never loses a ref (every folded node is reachable by paging)', () => {
  const cases: Array<[string, () => AriaNode, number]> = [
    ['table of 1,000 rows', () => tableTree(1000), BUDGET],
    ['table of 300 rows, tiny budget', () => tableTree(300), 300],
    ['deep chain', () => deepTree(600), 500],
    ['flat wide level', () => flatTree(3000), 400],
    ['wide form', () => formTree(800), 600],
  ];
  for (const [name, make, budget] of cases) {
    it(name, () => {
      const full = make();
      const { refs } = reachableRefs(full, budget);
      expect([...allRefs(full)].filter(r => !refs.has(r))).toEqual([]);
    });
  }

  it('random trees under random budgets and limits', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const full = randomTree(seed, 200 + seed * 20);
      const budget = 100 + ((seed * 7919) % 3000);
      const limit = seed % 3 === 0 ? 5 + (seed % 20) : undefined;
      const { refs } = reachableRefs(full, budget, limit);
      const missing = [...allRefs(full)].filter(r => !refs.has(r));
      expect({ seed, missing }).toEqual({ seed, missing: [] });
    }
  });
});

describe('off-screen fold', () => {
  /** An article page: 40 sections of alternating roles (no runs to fold), each with a heading, text, a link and a list. */
  function articleTree(): AriaNode {
    let n = 0;
    const ref = () => `e${++n}`;
    const sections: AriaNode[] = [];
    for (let s = 0; s < 40; s++) {
      sections.push({
        role: ['region', 'article', 'complementary', 'form'][s % 4]!, name: `Section ${s}`, ref: ref(), children: [
          { role: 'heading', name: `Heading ${s}`, level: 2, ref: ref(), children: [] },
          { role: 'paragraph', name: '', ref: ref(), children: [`Lorem ipsum dolor sit amet, paragraph ${s}, `.repeat(20)] },
          { role: 'link', name: `Read more about ${s}`, ref: ref(), url: `/s/${s}`, children: [] },
          { role: 'list', name: '', ref: ref(), children: [{ role: 'listitem', name: '', ref: ref(), children: [`note ${s}`] }] },
        ],
      });
    }
    return { role: 'fragment', name: '', children: [{ role: 'main', name: '', ref: ref(), children: sections }] };
  }
  /** Sections 0-2 are in the viewport, the rest below it. */
  const isOffscreen = (tree: AriaNode) => {
    const onScreen = new Set(['Section 0', 'Section 1', 'Section 2']);
    const nodes = byRef(tree);
    return (r: string) => {
      const node = nodes.get(r)!;
      return node.name.startsWith('Section') && !onScreen.has(node.name);
    };
  };

  it('folds regions outside the viewport to their ref and keeps what is on screen whole', () => {
    const full = articleTree();
    const folded = foldToBudget(full, { budgetTokens: BUDGET, isOffscreen: isOffscreen(full) });
    const yaml = renderYaml(folded);
    expect(yaml.length).toBeLessThanOrEqual(maxChars(BUDGET));
    expectFaithful(folded, full);
    // On-screen sections whole; off-screen ones keep their own line and name the way in.
    expect(yaml).toContain('Read more about 2');
    expect(yaml).not.toContain('Read more about 3"');
    // Their outline stays: the heading that says what each folded section is.
    expect(yaml).toMatch(/- form "Section 3" \[ref=(e\d+)\]:\n    - heading "Heading 3" \[level=2\] \[ref=e\d+\]\n    - text: "… 4 nodes off-screen, 1 interactive: snapshot with ref=\1"/);
    expect(yaml).toContain('form "Section 39"');
    // Every ref stays reachable: each off-screen line names a ref whose snapshot shows the rest.
    for (const line of foldLines(folded)) {
      const hint = parseFoldLine(line)!;
      expect(findRef(full, hint.rootRef!)).toBeDefined();
    }
  });

  it('keeps what tells repeated controls apart: each operation\'s disclosure header before its "Try it out"', () => {
    // Swagger UI's shape: one flat list per operation: summary (a disclosure button), parameters, Try it out, responses.
    let n = 0;
    const ref = () => `e${++n}`;
    const children: AriaNode[] = [];
    for (let op = 0; op < 19; op++) {
      const cells = Array.from({ length: 12 }, (_, c) => ({ role: 'cell', name: `Response ${op} detail ${c} with a long description`, ref: ref(), children: [] }));
      children.push(
        { role: 'generic', name: '', ref: ref(), cursorPointer: true, children: [
          { role: 'button', name: `GET /op/${op} Operation number ${op}`, ref: ref(), expanded: true, children: ['GET', `/op/${op}`, `Operation number ${op}`] },
          { role: 'button', name: 'Copy path to clipboard', ref: ref(), children: [] },
          { role: 'button', name: `get /op/${op}`, ref: ref(), expanded: true, children: [] },
        ] },
        { role: 'heading', name: 'Parameters', level: 4, ref: ref(), children: [] },
        { role: 'button', name: 'Try it out', ref: ref(), children: [] },
        { role: 'table', name: '', ref: ref(), children: [{ role: 'row', name: '', ref: ref(), children: cells }] },
      );
    }
    const full: AriaNode = { role: 'fragment', name: '', children: [{ role: 'main', name: '', ref: ref(), children }] };
    const nodes = byRef(full);
    const onScreen = new Set(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9']);
    const folded = foldToBudget(full, { budgetTokens: 3000, isOffscreen: r => !onScreen.has(r) && nodes.get(r)!.role !== 'main' });
    const yaml = renderYaml(folded);
    expect(yaml.length).toBeLessThanOrEqual(maxChars(3000));
    expectFaithful(folded, full);
    expect(yaml).toMatch(/- table \[ref=e\d+\]: "… \d+ nodes off-screen/);
    const lines = yaml.split('\n');
    for (let op = 0; op < 19; op++) {
      const summary = lines.findIndex(l => l.includes(`button "GET /op/${op} Operation number ${op}" [expanded]`));
      expect(summary).toBeGreaterThanOrEqual(0);
      const tryIt = lines.findIndex((l, i) => i > summary && l.includes('button "Try it out"'));
      const nextSummary = lines.findIndex((l, i) => i > summary && l.includes('button "GET /op/'));
      expect(tryIt).toBeGreaterThan(summary);
      if (nextSummary >= 0) expect(tryIt).toBeLessThan(nextSummary);
    }
  });

  it('folds regions whole when their outline does not fit the budget', () => {
    const full = deepTree(600);
    const yaml = renderYaml(foldToBudget(full, { budgetTokens: 300 }));
    expect(yaml.length).toBeLessThanOrEqual(maxChars(300));
    expect(yaml).toMatch(/nodes folded/);
  });

  it('does not fold by position when asked for a region by ref, nor without a measure', () => {
    const full = articleTree();
    const section = findRef(full, 'e6')!;
    const rooted = snapshot(full, { budgetTokens: BUDGET, rootRef: section.ref, isOffscreen: () => true });
    expect(renderYaml(rooted)).not.toContain('off-screen');
    const unmeasured = foldToBudget(full, { budgetTokens: BUDGET });
    expect(renderYaml(unmeasured)).not.toContain('off-screen');
  });

  it('a measure that throws leaves the node shown', () => {
    const full = articleTree();
    const folded = foldToBudget(full, { budgetTokens: BUDGET, isOffscreen: () => { throw new Error('gone'); } });
    expect(renderYaml(folded)).not.toContain('off-screen');
    expect(renderYaml(folded).length).toBeLessThanOrEqual(maxChars(BUDGET));
  });
});
