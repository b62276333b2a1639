// Wording of the verify tools (browser_verify_*) and browser_generate_locator: a pass says
// "Done" as Playwright MCP does; a failure gives Playwright MCP's error, then hints saying what
// the page shows instead, with refs.
import type { ElementCheck, ListCheck, SeenNode, TextCheck, ValueCheck } from '../../index.js';

const MAX_SHOWN = 80;

function short(text: string): string {
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 1)}…`;
}

/** `button "Save" [ref=e5]`, `textbox "Name": Ada [ref=e7]`, `checkbox "Remember" [checked]`. */
export function describeNode(node: SeenNode): string {
  let line = node.role;
  if (node.name) line += ` ${JSON.stringify(short(node.name))}`;
  if (node.checked === true) line += ' [checked]';
  else if (node.checked === 'mixed') line += ' [checked=mixed]';
  else if (node.checked === false) line += ' [unchecked]';
  if (node.ref) line += ` [ref=${node.ref}]`;
  if (node.hasValue) line += ': ••••';
  else if (node.value !== undefined && node.value !== '') line += `: ${short(node.value)}`;
  return line;
}

const NEXT = 'Call browser_snapshot to see what the page shows.';

export const verifyDone = 'Done';

/**
 * A failed check: `error` is Playwright MCP's exact wording (clients compare the `### Error`
 * section whole), `hints` what the page shows instead, for the agent's next try.
 */
export interface VerifyFailure { error: string; hints: string[] }

export function elementNotVisible(role: string, name: string, check: Extract<ElementCheck, { ok: false }>): VerifyFailure {
  const hints: string[] = [];
  if (check.hidden) hints.push(`One exists in the page but is hidden: it is not rendered, so it does not count as visible.`);
  if (check.sameRole.length) hints.push(`Same role, other names: ${check.sameRole.map(describeNode).join(', ')}`);
  else hints.push(`No ${role} is visible on the page.`);
  if (check.sameName.length) hints.push(`Similar names, other roles: ${check.sameName.map(describeNode).join(', ')}`);
  hints.push(NEXT);
  return { error: `Element with role "${role}" and accessible name "${name}" not found`, hints };
}

export function textNotVisible(text: string, check: Extract<TextCheck, { ok: false }>): VerifyFailure {
  const hints = [`Looked for "${short(text)}".`];
  if (check.hidden) hints.push('It is in the page but hidden: it is not rendered, so it does not count as visible.');
  hints.push(check.nearest.length
    ? `Closest text on the page: ${check.nearest.map(n => `${JSON.stringify(short(n.runs.length ? n.runs.join(' ') : n.name))} (${n.role === 'fragment' ? 'loose on the page' : `in ${describeNode(n)}`})`).join(', ')}`
    : 'Nothing similar is shown on the page.');
  hints.push(NEXT);
  return { error: 'Text not found', hints };
}

export function listMismatch(check: Extract<ListCheck, { ok: false }>): VerifyFailure {
  const where = describeNode(check.list);
  const shown = check.shown.length ? `Its items: ${check.shown.slice(0, 20).map(t => JSON.stringify(short(t))).join(', ')}${check.shown.length > 20 ? `, … (${check.shown.length} in all)` : ''}.` : 'It shows no items.';
  // Playwright MCP does not check the order, so an order failure has no wording of theirs to keep.
  if (check.reason === 'order')
    return { error: `Item "${check.missing}" is in ${where}, but not after "${check.after}": the items are in another order.`, hints: [shown] };
  return { error: `Item "${check.missing}" not found`, hints: [`No item of ${where} shows it.`, shown] };
}

export function valueMismatch(expected: string, check: Extract<ValueCheck, { ok: false }>): VerifyFailure {
  if (check.reason === 'not-checkable')
    return { error: `The element is ${describeNode(check.node)}, which cannot be checked: use type "textbox", "combobox" or "slider" for its value.`, hints: [] };
  return { error: `Expected value "${expected}", but got "${check.actual}"`, hints: [`The element: ${describeNode(check.node)}.`] };
}

/** The YAML Playwright's toMatchAriaSnapshot takes for the items found, in order. */
export function listSnapshotYaml(items: SeenNode[]): string {
  return ['- list:', ...items.map(item => `  - listitem: ${JSON.stringify(item.text)}`)].join('\n');
}
