// YAML rendering in the format of Playwright's AI snapshots (`page.ariaSnapshot({ mode: 'ai' })`):
//   - role "name" [checked] [disabled] [expanded] [active] [level=2] [pressed] [selected] [ref=e4] [cursor=pointer]:
//     - /url: https://example.com/
//     - text: some text
// Keys and values are quoted only when YAML needs it (same rules as Playwright's yaml.ts), so the
// output reads the same for agents trained on Playwright snapshots. Iterative: any depth renders.
import type { AriaNode } from '../types';
import { PASSWORD_MASK } from './secrets';

export interface RenderOptions {
  /** Levels below the top-level nodes that are rendered (0: top-level nodes only). */
  depth?: number;
}

/** Roles whose accessible description is rendered as a `/description:` line (controls only). */
const describedRoles = new Set([
  'button', 'checkbox', 'combobox', 'listbox', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio',
  'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem',
]);

type Item = { node: AriaNode | string; depth: number };

export function renderYaml(root: AriaNode, options: RenderOptions = {}): string {
  const limit = typeof options.depth === 'number' && options.depth >= 0 ? Math.floor(options.depth) : Infinity;
  const lines: string[] = [];
  const top = root.role === 'fragment' ? root.children : [root];
  const stack: Item[] = [];
  for (let i = top.length - 1; i >= 0; i--) stack.push({ node: top[i], depth: 0 });
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    const indent = '  '.repeat(depth);
    if (typeof node === 'string') {
      lines.push(`${indent}- text: ${yamlEscapeValueIfNeeded(node)}`);
      continue;
    }
    const key = `${indent}- ${yamlEscapeKeyIfNeeded(nodeKey(node))}`;
    const props = nodeProps(node);
    const content = contentOf(node);
    if (!props.length && content.length === 1 && typeof content[0] === 'string') {
      lines.push(`${key}: ${yamlEscapeValueIfNeeded(content[0])}`);
      continue;
    }
    const atLimit = depth >= limit;
    if (!props.length && (!content.length || atLimit)) {
      lines.push(key);
      continue;
    }
    lines.push(`${key}:`);
    for (const [name, value] of props) lines.push(`${indent}  - /${name}: ${yamlEscapeValueIfNeeded(value)}`);
    if (atLimit) continue;
    for (let i = content.length - 1; i >= 0; i--) stack.push({ node: content[i], depth: depth + 1 });
  }
  return lines.join('\n');
}

/**
 * Roles whose name, computed from their content, only repeats what their children already show
 * (a row named "Order 5 Open 5 Delete 5"): printed without it, as Playwright does, which saves
 * about a fifth of a table's snapshot. The name stays in the tree (find, JSON).
 */
const contentSummaryRoles = new Set(['row', 'cell', 'gridcell']);
/** A copy (a folded node, a render shape) decides like its original, whatever its children now are. */
const decidedBy = new WeakMap<AriaNode, AriaNode>();

export function sharesNameDecision(copy: AriaNode, original: AriaNode): void {
  decidedBy.set(copy, decidedBy.get(original) ?? original);
}

/** True when the node's name is exactly its element children's names (or content) and text, space-joined. */
function repeatsChildren(node: AriaNode): boolean {
  const source = decidedBy.get(node) ?? node;
  if (!source.name || !contentSummaryRoles.has(source.role)) return false;
  if (!source.children.some(child => typeof child !== 'string')) return false;
  return collapse(contentText(source)) === source.name;
}

function contentText(node: AriaNode): string {
  const parts: string[] = [];
  for (const child of node.children) {
    if (typeof child === 'string') parts.push(child);
    else parts.push(child.name || contentText(child));
  }
  return parts.join(' ');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Names that are only a check state, as grids label the checkbox of a yes/no cell ("unchecked"). */
// Only words that can name nothing but a state: "Yes" and "No" name the radios of a question.
const checkedWords = new Set(['checked', 'ticked']);
const uncheckedWords = new Set(['unchecked', 'not checked', 'unticked']);
const checkRoles = new Set(['checkbox', 'switch', 'menuitemcheckbox']);

/**
 * A check control whose name says no more than its state (`checkbox "unchecked"`, `checkbox
 * "checked" [checked]`): printed without it. A name that disagrees with the state stays: it
 * tells that the page says something else than the control.
 */
function onlyStatesItsState(node: AriaNode): boolean {
  if (!checkRoles.has(node.role) || node.checked === 'mixed') return false;
  const word = node.name.trim().toLowerCase().replace(/^\((.*)\)$/, '$1');
  return node.checked === true ? checkedWords.has(word) : uncheckedWords.has(word);
}

/** `role "name" [attributes]`, in Playwright's attribute order (invalid, ours, after selected). */
export function nodeKey(node: AriaNode, options: { allNames?: boolean } = {}): string {
  let key = node.role;
  // YAML keys are limited to 1024 characters: very long names are left out, as Playwright does.
  if (node.name && node.name.length <= 900 && (options.allNames || (!repeatsChildren(node) && !onlyStatesItsState(node)))) key += ` ${JSON.stringify(node.name)}`;
  if (node.checked === 'mixed') key += ' [checked=mixed]';
  if (node.checked === true) key += ' [checked]';
  if (node.disabled) key += ' [disabled]';
  if (node.expanded) key += ' [expanded]';
  if (node.active) key += ' [active]';
  if (node.level) key += ` [level=${node.level}]`;
  if (node.pressed === 'mixed') key += ' [pressed=mixed]';
  if (node.pressed === true) key += ' [pressed]';
  if (node.selected === true) key += ' [selected]';
  if (node.invalid) key += node.invalid === true ? ' [invalid]' : ` [invalid=${node.invalid}]`;
  if (node.ref) {
    key += ` [ref=${node.ref}]`;
    if (node.cursorPointer) key += ' [cursor=pointer]';
  }
  if (node.box) key += ` [box=${node.box.x},${node.box.y},${node.box.width},${node.box.height}]`;
  return key;
}

function nodeProps(node: AriaNode): Array<[string, string]> {
  const props: Array<[string, string]> = [];
  if (node.url !== undefined) props.push(['url', node.url]);
  if (node.placeholder !== undefined) props.push(['placeholder', node.placeholder]);
  if (node.description && describedRoles.has(node.role)) props.push(['description', node.description]);
  return props;
}

/**
 * Children as rendered: the current value first, as Playwright shows it (a text child). A control
 * with child nodes (a <select> and its options) shows its value through them instead.
 */
function contentOf(node: AriaNode): Array<AriaNode | string> {
  const value = node.hasValue ? PASSWORD_MASK : node.value;
  if (!value || node.children.some(child => typeof child !== 'string')) return node.children;
  return [value, ...node.children];
}

export function yamlEscapeKeyIfNeeded(text: string): string {
  if (!yamlNeedsQuotes(text)) return text;
  return `'${text.replace(/'/g, "''")}'`;
}

export function yamlEscapeValueIfNeeded(text: string): string {
  if (!yamlNeedsQuotes(text)) return text;
  return `"${text.replace(/[\\"\x00-\x1f\x7f-\x9f]/g, escapeChar)}"`;
}

function escapeChar(c: string): string {
  switch (c) {
    case '\\': return '\\\\';
    case '"': return '\\"';
    case '\b': return '\\b';
    case '\f': return '\\f';
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    default: return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  }
}

const yamlWords = new Set(['y', 'n', 'yes', 'no', 'true', 'false', 'on', 'off', 'null']);

/**
 * Text a plain scalar would lose or misread (YAML 1.2 §7.3.3 plain style), as one pattern (one scan
 * per key): leading/trailing space, control characters, a leading `-` (sequence entry, negative
 * number), `: `/`:` at the end (mapping indicator), ` #` (comment), line breaks, a leading indicator
 * character, flow collection characters, a leading `[` (flow sequence).
 */
const needsQuotesPattern = /^\s|\s$|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|^-|[\n:](?:\s|$)|\s#|[\n\r]|^[&*\],?!>|@"'#%]|[{}`]|^\[/;

/** When a plain scalar would be misread (YAML 1.2 §7.3.3 plain style, plus 1.1 booleans). */
function yamlNeedsQuotes(text: string): boolean {
  if (!text) return true;
  if (needsQuotesPattern.test(text)) return true;
  // Numbers, booleans, null (the YAML 1.1 words are at most 5 letters).
  return !Number.isNaN(Number(text)) || (text.length <= 5 && yamlWords.has(text.toLowerCase()));
}
