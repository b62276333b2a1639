// Wording of the verify tools (browser_verify_*) and browser_generate_locator: a pass says
// "Done" as Playwright MCP does; a failure says what the page shows instead, with refs.
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

export function elementNotVisible(role: string, name: string, check: Extract<ElementCheck, { ok: false }>): string {
  const lines = [`Element with role "${role}" and accessible name "${name}" not found.`];
  if (check.hidden) lines.push(`One exists in the page but is hidden: it is not rendered, so it does not count as visible.`);
  if (check.sameRole.length) lines.push(`Same role, other names: ${check.sameRole.map(describeNode).join(', ')}`);
  else lines.push(`No ${role} is visible on the page.`);
  if (check.sameName.length) lines.push(`Similar names, other roles: ${check.sameName.map(describeNode).join(', ')}`);
  lines.push(NEXT);
  return lines.join('\n');
}

export function textNotVisible(text: string, check: Extract<TextCheck, { ok: false }>): string {
  const lines = [`Text "${short(text)}" not found.`];
  if (check.hidden) lines.push('It is in the page but hidden: it is not rendered, so it does not count as visible.');
  lines.push(check.nearest.length
    ? `Closest text on the page: ${check.nearest.map(n => `${JSON.stringify(short(n.runs.length ? n.runs.join(' ') : n.name))} (in ${describeNode(n)})`).join(', ')}`
    : 'Nothing similar is shown on the page.');
  lines.push(NEXT);
  return lines.join('\n');
}

export function listMismatch(check: Extract<ListCheck, { ok: false }>): string {
  const where = describeNode(check.list);
  const shown = check.shown.length ? `Its items: ${check.shown.slice(0, 20).map(t => JSON.stringify(short(t))).join(', ')}${check.shown.length > 20 ? `, … (${check.shown.length} in all)` : ''}.` : 'It shows no items.';
  const head = check.reason === 'order'
    ? `Item "${check.missing}" is in ${where}, but not after "${check.after}": the items are in another order.`
    : `Item "${check.missing}" not found in ${where}.`;
  return `${head}\n${shown}`;
}

export function valueMismatch(expected: string, check: Extract<ValueCheck, { ok: false }>): string {
  if (check.reason === 'not-checkable')
    return `The element is ${describeNode(check.node)}, which cannot be checked: use type "textbox", "combobox" or "slider" for its value.`;
  return `Expected value "${expected}", but got "${check.actual}" (${describeNode(check.node)}).`;
}

/** The YAML Playwright's toMatchAriaSnapshot takes for the items found, in order. */
export function listSnapshotYaml(items: SeenNode[]): string {
  return ['- list:', ...items.map(item => `  - listitem: ${JSON.stringify(item.text)}`)].join('\n');
}
