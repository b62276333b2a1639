// Hand-made AriaNode trees for the fold/find unit tests: shapes of the benchmark pages plus a
// seeded random generator for property tests.
import type { AriaNode } from '../../injected/types.js';

export function refCounter(start = 1): () => string {
  let n = start;
  return () => `e${n++}`;
}

const node = (role: string, name: string, ref: string | undefined, children: Array<AriaNode | string> = [], extra: Partial<AriaNode> = {}): AriaNode =>
  ({ role, name, ...(ref ? { ref } : {}), ...extra, children });

/** main > heading + table > rowgroup > rows (cell, link, button, checkbox) + a footer after the table. */
export function tableTree(rows: number): AriaNode {
  const ref = refCounter();
  const body: AriaNode[] = [];
  const main = node('main', '', ref());
  const heading = node('heading', 'Orders', ref(), [], { level: 1 });
  const table = node('table', 'Orders', ref());
  const rowgroup = node('rowgroup', '', ref());
  for (let i = 1; i <= rows; i++) {
    const row = node('row', `Order ${i} Open ${i} Delete ${i}`, ref());
    row.children = [
      node('cell', `Order ${i}`, ref()),
      node('cell', `Open ${i}`, ref(), [node('link', `Open ${i}`, ref(), [], { url: `http://127.0.0.1/orders/${i}`, cursorPointer: true })]),
      node('cell', `Delete ${i}`, ref(), [node('button', `Delete ${i}`, ref())]),
      node('cell', '', ref(), [node('checkbox', `Select ${i}`, ref(), [], { checked: i % 7 === 0 })]),
    ];
    body.push(row);
  }
  rowgroup.children = body;
  table.children = [rowgroup];
  main.children = [heading, table, node('contentinfo', '', ref(), ['Footer text', node('link', 'Contact', ref(), [], { url: 'http://127.0.0.1/contact' })])];
  return node('fragment', '', undefined, [main]);
}

/** A chain of `depth` nested regions with a button at the bottom. */
export function deepTree(depth: number): AriaNode {
  const ref = refCounter();
  const top = node('region', 'Level 0', ref());
  let current = top;
  for (let i = 1; i < depth; i++) {
    const next = node('region', `Level ${i}`, ref());
    current.children = [`Depth ${i}`, next];
    current = next;
  }
  current.children = [node('button', 'Bottom', ref())];
  return node('fragment', '', undefined, [node('main', '', ref(), [top])]);
}

/** `count` top-level siblings of varied roles: no runs to fold. */
export function flatTree(count: number): AriaNode {
  const ref = refCounter();
  const roles = ['button', 'link', 'heading', 'textbox', 'paragraph', 'checkbox'];
  const children: Array<AriaNode | string> = [];
  for (let i = 0; i < count; i++) {
    const role = roles[i % roles.length];
    children.push(node(role, `Item ${i} ${'x'.repeat(i % 13)}`, ref(), role === 'paragraph' ? [`Text of ${i}`] : [],
      role === 'textbox' ? { value: `v${i}` } : role === 'link' ? { url: `/p/${i}` } : {}));
  }
  return node('fragment', '', undefined, children);
}

/** Mulberry32: a small seeded PRNG so failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random tree: runs of same-role siblings, text runs, deep chains, a few nodes without refs. */
export function randomTree(seed: number, size: number): AriaNode {
  const random = rng(seed);
  const ref = refCounter();
  const roles = ['listitem', 'row', 'button', 'link', 'generic', 'group', 'region', 'checkbox', 'paragraph'];
  const root = node('fragment', '', undefined, []);
  const open: AriaNode[] = [root];
  for (let made = 0; made < size;) {
    const parent = open[Math.floor(random() * open.length)];
    const roll = random();
    if (roll < 0.1) { parent.children.push(`text ${made}`); made++; continue; }
    const role = roles[Math.floor(random() * roles.length)];
    const count = roll < 0.3 ? 5 + Math.floor(random() * 60) : 1;  // a run of siblings
    for (let i = 0; i < count && made < size; i++, made++) {
      const child = node(role, random() < 0.7 ? `${role} ${made}` : '', random() < 0.97 ? ref() : undefined);
      parent.children.push(child);
      if (random() < 0.4) open.push(child);
    }
  }
  return root;
}

/** Every ref in the tree. */
export function allRefs(tree: AriaNode): Set<string> {
  const refs = new Set<string>();
  const stack: AriaNode[] = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.ref) refs.add(n.ref);
    for (const c of n.children) if (typeof c !== 'string') stack.push(c);
  }
  return refs;
}

/** The node with this ref. */
export function findRef(tree: AriaNode, ref: string): AriaNode | undefined {
  const stack: AriaNode[] = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.ref === ref) return n;
    for (const c of n.children) if (typeof c !== 'string') stack.push(c);
  }
  return undefined;
}

/** main > form whose children alternate label text and controls (no runs): a wide flat level. */
export function formTree(fields: number): AriaNode {
  const ref = refCounter();
  const controls = ['textbox', 'checkbox', 'combobox', 'radio'];
  const children: Array<AriaNode | string> = [];
  for (let i = 0; i < fields; i++) {
    children.push(`Field ${i}`);
    children.push(node(controls[i % controls.length], `Field ${i}`, ref()));
  }
  const form = node('form', 'Big form', ref(), children);
  return node('fragment', '', undefined, [node('main', '', ref(), [form, node('button', 'After form', ref())])]);
}
