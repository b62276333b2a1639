// Find: the agent asks for "the Delete button of order 42" without reading the whole page. A search
// over the snapshot tree (no YAML rendering) returning each match's line and ancestor path:
//   main > table "Orders" > row "Order 42" > button "Delete" [ref=e812]
import type { AriaNode, FindMatch, FindQuery, FindResult } from '../types';
import { nodeKey } from '../snapshot/render-yaml';

const DEFAULT_LIMIT = 50;
/** Path segments show names up to this length: a row named by its whole content would drown the path. */
const PATH_NAME_MAX = 40;
/** Wrappers that add nothing to a path when they have no name. */
const quietRoles = new Set(['fragment', 'generic', 'none', 'presentation', 'rowgroup']);
/** Roles whose name may come from their content (ARIA "name from: contents"), plus generic. */
const namedFromContent = new Set([
  'button', 'cell', 'checkbox', 'columnheader', 'generic', 'gridcell', 'heading', 'link', 'listitem', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'option', 'paragraph', 'radio', 'row', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem',
]);

/**
 * Nodes matching every given criterion: `role` exactly, `name` as a substring of
 * the accessible name, `text` as a substring of the name, value, placeholder, description, url or
 * a text run directly inside the node (all case-insensitive). Document order; `limit` caps the
 * matches returned, `total` counts them all.
 */
export function findInTree(tree: AriaNode, query: FindQuery): FindResult {
  const role = query.role?.trim().toLowerCase() || undefined;
  const name = query.name?.toLowerCase() || undefined;
  const text = query.text?.toLowerCase() || undefined;
  const limit = query.limit !== undefined && query.limit >= 0 ? Math.floor(query.limit) : DEFAULT_LIMIT;
  if (!role && !name && !text) return { matches: [], total: 0 };

  // Explicit stack, document order; ancestors as a linked list so deep trees cost no copies.
  const found: Link[] = [];
  const matched = new Set<AriaNode>();
  const superseded = new Set<AriaNode>();
  const stack: Link[] = [{ node: tree, up: null }];
  while (stack.length) {
    const link = stack.pop()!;
    const { node } = link;
    if ((node !== tree || tree.role !== 'fragment') && matchesNode(node, role, name, text)) {
      found.push(link);
      matched.add(node);
      // Without a role, a row named after its cells is not a better answer than the cell: an
      // ancestor named from its content gives way to the inner match.
      if (!role) {
        for (let up = link.up; up; up = up.up)
          if (matched.has(up.node) && namedFromContent.has(up.node.role)) superseded.add(up.node);
      }
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (typeof child !== 'string') stack.push({ node: child, up: link });
    }
  }
  const kept = found.filter(f => !superseded.has(f.node));
  const matches = kept.slice(0, limit).map(f => toMatch(f.node, ancestorsOf(f)));
  return { matches, total: kept.length };
}

interface Link { node: AriaNode; up: Link | null }

function ancestorsOf(link: Link): AriaNode[] {
  const path: AriaNode[] = [];
  for (let up = link.up; up; up = up.up) path.push(up.node);
  return path.reverse();
}

function matchesNode(node: AriaNode, role: string | undefined, name: string | undefined, text: string | undefined): boolean {
  if (role && node.role.toLowerCase() !== role) return false;
  if (name && !node.name.toLowerCase().includes(name)) return false;
  if (text && !searchableText(node).some(t => t.toLowerCase().includes(text))) return false;
  return true;
}

function searchableText(node: AriaNode): string[] {
  const texts = [node.name];
  // A password's value never leaves the page, not even through a search hit.
  const value = node.hasValue ? undefined : node.value;
  for (const extra of [value, node.placeholder, node.description, node.url]) if (extra) texts.push(extra);
  for (const child of node.children) if (typeof child === 'string') texts.push(child);
  return texts;
}

function toMatch(node: AriaNode, path: AriaNode[]): FindMatch {
  const ancestors = path.filter(a => a.role !== 'fragment' && !(quietRoles.has(a.role) && !a.name)).map(segment);
  const line = nodeKey(node, { allNames: true }) + inlineText(node);
  return { ref: node.ref, role: node.role, name: node.name, line, path: [...ancestors, line].join(' > ') };
}

/** The text a node shows inline in the YAML (`- paragraph: Hello`), shortened. */
function inlineText(node: AriaNode): string {
  const texts = node.children.filter((c): c is string => typeof c === 'string');
  const value = node.hasValue ? '••••' : node.value;
  const shown = value ?? (texts.length === 1 && node.children.length === 1 ? texts[0] : undefined);
  return shown ? `: ${shorten(shown, 80)}` : '';
}

/** An ancestor as `role "name"`: refs only on the match keep paths short. */
function segment(node: AriaNode): string {
  return node.name ? `${node.role} ${JSON.stringify(shorten(node.name, PATH_NAME_MAX))}` : node.role;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
