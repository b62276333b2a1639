// Assertions on what a page shows, judged on ariaref's own snapshot (the runtime's roles, names
// and visibility) rather than Playwright's getByRole: an element "is visible" when the snapshot
// renders it. Results are data: a pass names the element it found, a failure names the nearest
// things that are there instead, for the tool layer to word.
import type { AriaPage } from '../aria-page.js';
import { isRef } from '../page/refs.js';
import { withDeadline } from '../deadline.js';
import { enclosingFrame, flatten, includesText, nodeByRef, normalize, type SeenNode } from './tree.js';
import { closest } from './similar.js';

export type { SeenNode } from './tree.js';

/** How many near misses a failure lists. */
const CANDIDATES = 3;
/** The hidden-element hint asks Playwright about the DOM; a page that does not answer gets none. */
const HINT_WITHIN_MS = 2_000;

export type ElementCheck =
  /** `frame`: the iframe node the match sits in (undefined on the top page). */
  | { ok: true; match: SeenNode; frame?: SeenNode }
  | { ok: false; sameRole: SeenNode[]; sameName: SeenNode[]; hidden: boolean };

/** An element with `role` whose accessible name contains `name` (case-insensitive, as getByRole), rendered in the snapshot. */
export async function verifyElement(aria: AriaPage, role: string, name: string): Promise<ElementCheck> {
  const nodes = flatten(await aria.snapshotTree());
  const wantedRole = role.trim().toLowerCase();
  const roleMatches = nodes.filter(n => n.role.toLowerCase() === wantedRole);
  const hits = roleMatches.filter(n => includesText(n.name, name));
  if (hits.length) {
    const match = hits.find(n => normalize(n.name) === normalize(name)) ?? hits[0]!;
    return { ok: true, match, frame: enclosingFrame(nodes, match) };
  }
  const named = nodes.filter(n => n.role !== 'fragment' && n.role !== 'generic' && n.name && n.role.toLowerCase() !== wantedRole);
  return {
    ok: false,
    sameRole: closest(name, roleMatches, n => n.name, CANDIDATES, 0),
    sameName: closest(name, named, n => n.name, CANDIDATES, 0.6),
    hidden: await inDomButHidden(aria, frame => frame.getByRole(wantedRole as 'button', { name, includeHidden: true })),
  };
}

export type TextCheck =
  /**
   * `match` may be the page's root (text directly in <body>); `frame` as for ElementCheck;
   * `named`: the match's accessible name is the text (a heading, a button), so its own locator says it.
   */
  | { ok: true; match: SeenNode; frame?: SeenNode; named: boolean }
  | { ok: false; nearest: SeenNode[]; hidden: boolean };

/** `text` shown on the page (inside one element's text, case- and spacing-insensitive, as getByText). */
export async function verifyText(aria: AriaPage, text: string): Promise<TextCheck> {
  const nodes = flatten(await aria.snapshotTree());
  // The innermost node showing the text is the one to point at (its ancestors show it too). The
  // root counts: text straight in <body> (or in a wrapper the snapshot leaves out) is its own run.
  const outer = nodes.find(n => includesText(n.text, text));
  if (outer) {
    const match = innermost(nodes, outer, text);
    const named = match.role !== 'fragment' && !!match.name && normalize(match.name) === normalize(text);
    return { ok: true, match, frame: enclosingFrame(nodes, match), named };
  }
  const shown = nodes.filter(n => n.runs.length > 0 || (n.role !== 'fragment' && n.name));
  return {
    ok: false,
    nearest: closest(text, shown, n => n.runs.length ? normalize(n.runs.join(' ')) : n.name, CANDIDATES),
    hidden: await inDomButHidden(aria, frame => frame.getByText(text)),
  };
}

function innermost(nodes: SeenNode[], node: SeenNode, text: string): SeenNode {
  let current = node;
  for (;;) {
    const start = nodes.indexOf(current);
    const inner = nodes.slice(start + 1, current.end).find(n => includesText(n.text, text));
    if (!inner) return current;
    current = inner;
  }
}

/** Roles an item of a list-like element has; other structure inside a list is wrapping. */
const ITEM_ROLES = new Set(['listitem', 'option', 'treeitem', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'row', 'tab', 'article', 'term', 'definition', 'radio', 'checkbox', 'gridcell']);

export type ListCheck =
  | { ok: true; list: SeenNode; items: SeenNode[] }
  | { ok: false; list: SeenNode; shown: string[]; missing: string } & ({ reason: 'missing' } | { reason: 'order'; after: string });

/** Each of `items` shown by one item of the list at `target`, in this order (other items may sit between). */
export async function verifyList(aria: AriaPage, target: string, items: string[]): Promise<ListCheck> {
  const ref = await refOf(aria, target);
  const nodes = flatten(await aria.snapshotTree({ rootRef: ref }));
  const list = nodeByRef(nodes, ref) ?? nodes[0]!;
  const within = nodes.slice(nodes.indexOf(list) + 1, list.end);
  let entries = within.filter(n => ITEM_ROLES.has(n.role));
  if (!entries.length) entries = within.filter(n => n.depth === list.depth + 1 && n.text);
  const shown = entries.map(n => n.text);
  const found: SeenNode[] = [];
  let next = 0;
  for (const item of items) {
    const at = entries.findIndex((n, i) => i >= next && includesText(n.text, item));
    if (at < 0) {
      const earlier = entries.findIndex(n => includesText(n.text, item));
      if (earlier >= 0 && found.length) return { ok: false, list, shown, missing: item, reason: 'order', after: items[found.length - 1]! };
      return { ok: false, list, shown, missing: item, reason: 'missing' };
    }
    found.push(entries[at]!);
    next = at + 1;
  }
  return { ok: true, list, items: found };
}

export type ValueKind = 'textbox' | 'checkbox' | 'radio' | 'combobox' | 'slider';

export type ValueCheck =
  | { ok: true; node: SeenNode; actual: string }
  | { ok: false; node: SeenNode; actual: string; reason: 'value' | 'not-checkable' };

const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** The element at `target` holds `value` (a checkbox or radio: "true"/"false" for checked). */
export async function verifyValue(aria: AriaPage, target: string, kind: ValueKind, value: string): Promise<ValueCheck> {
  const ref = await refOf(aria, target);
  const node = nodeByRef(flatten(await aria.snapshotTree({ rootRef: ref, depth: 1 })), ref);
  if (!node) throw new Error(`The element ${target} is not shown on the page (hidden or removed).`);
  if (kind === 'checkbox' || kind === 'radio') {
    if (node.checked === undefined && !CHECKABLE.has(node.role)) return { ok: false, node, actual: '', reason: 'not-checkable' };
    const actual = node.checked === 'mixed' ? 'mixed' : String(node.checked === true);
    return { ok: actual === value.trim().toLowerCase(), node, actual, reason: 'value' } as ValueCheck;
  }
  const shown = node.value ?? '';
  // A password's value never reaches the snapshot, and a <select>'s option value may differ from
  // the option text it shows: Playwright's inputValue answers both.
  const input = await aria.locator(ref).then(l => l.inputValue({ timeout: HINT_WITHIN_MS })).catch(() => undefined);
  const ok = shown === value || input === value;
  // A password's value stays masked in what the check reports, as in the snapshot.
  const actual = node.hasValue ? '••••' : shown || (input ?? '');
  return { ok, node, actual, reason: 'value' } as ValueCheck;
}

/** A ref for a target: a ref as given, a selector through the element it matches (exactly one). */
export async function refOf(aria: AriaPage, target: string): Promise<string> {
  const trimmed = target.trim();
  if (isRef(trimmed)) {
    await aria.locator(trimmed);
    return trimmed;
  }
  const { locator } = await aria.resolve(trimmed, { exactlyOne: true });
  const handle = await locator.elementHandle({ timeout: HINT_WITHIN_MS });
  if (!handle) throw new Error(`"${trimmed}" does not match any element. Take a snapshot and use a ref.`);
  try {
    const ref = await aria.refFor(handle);
    if (!ref) throw new Error(`"${trimmed}" matched an element whose frame cannot be read. Take a snapshot and use a ref.`);
    return ref;
  } finally {
    handle.dispose().catch(() => {});
  }
}

/**
 * True when some frame has a matching element that is not visible. Only invisible matches count:
 * a visible one the check missed must not be reported as hidden.
 */
async function inDomButHidden(aria: AriaPage, query: (frame: import('playwright').Frame) => import('playwright').Locator): Promise<boolean> {
  const frames = aria.page.frames().filter(f => !f.isDetached());
  const counts = await Promise.all(frames.map(frame =>
    withDeadline(query(frame).filter({ visible: false }).count(), HINT_WITHIN_MS, 'Looking for hidden matches').catch(() => 0)));
  return counts.some(c => c > 0);
}
