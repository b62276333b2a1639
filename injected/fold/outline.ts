// The outline of a folded region: what stays shown when the budget folds a node's content. A page
// folded to its refs alone loses what tells its parts apart (Swagger UI's nineteen "Try it out"
// buttons are told apart by the operation above each), so a fold keeps the node's headings,
// landmarks, named regions and disclosure headers (a button that expands the section after it),
// and folds their detail: text, controls, tables.
import type { AriaNode } from '../types';
import { sharesNameDecision } from '../snapshot/render-yaml';
import type { SizeMeter } from './measure';

/** Shown with their line only: what they hold is detail. */
const labelRoles = new Set(['heading']);
/** Shown with the outline inside them. */
const containerRoles = new Set(['banner', 'main', 'navigation', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog']);
/** Containers only when named (an unnamed region or form is a plain group). */
const namedContainerRoles = new Set(['region', 'form']);
/** Outline nodes kept per fold at most: a region with hundreds of headings keeps its first ones. */
const MAX_OUTLINE = 16;

const interactiveRoles = new Set([
  'button', 'checkbox', 'combobox', 'link', 'listbox', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'radio', 'scrollbar', 'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem', 'iframe',
]);

export function isInteractive(node: AriaNode): boolean {
  return interactiveRoles.has(node.role);
}

/** A disclosure header: a button (or summary-like control) that opens and closes what follows it. */
function isDisclosure(node: AriaNode): boolean {
  return node.role === 'button' && node.expanded !== undefined;
}

function isContainer(node: AriaNode): boolean {
  return containerRoles.has(node.role) || (!!node.name && namedContainerRoles.has(node.role));
}

export interface Outline {
  /** Copies of the outline nodes (children: their own outline), in document order, as children of the folded node. */
  items: AriaNode[];
  /** Printed size with the items one level below the folded node at depth 0 (add 2 per line per level deeper). */
  chars: number;
  lines: number;
  /** Nodes and interactive nodes the items show (not counted as folded). */
  nodes: number;
  interactive: number;
}

const EMPTY: Outline = { items: [], chars: 0, lines: 0, nodes: 0, interactive: 0 };

/** The outline of `node`'s descendants (the node itself is shown by the caller). */
export function outlineOf(node: AriaNode, meter: SizeMeter): Outline {
  const outline: Outline = { items: [], chars: 0, lines: 0, nodes: 0, interactive: 0 };
  const stack: Array<{ node: AriaNode; into: Array<AriaNode | string> }> = [];
  const pushChildren = (parent: AriaNode, into: Array<AriaNode | string>) => {
    for (let i = parent.children.length - 1; i >= 0; i--) {
      const child = parent.children[i];
      if (typeof child !== 'string') stack.push({ node: child, into });
    }
  };
  pushChildren(node, outline.items);
  while (stack.length && outline.nodes < MAX_OUTLINE) {
    const { node: at, into } = stack.pop()!;
    const label = labelRoles.has(at.role) || isDisclosure(at);
    if (!label && !isContainer(at)) { pushChildren(at, into); continue; }
    const copy: AriaNode = { ...at, children: [] };
    sharesNameDecision(copy, at);
    into.push(copy);
    outline.nodes++;
    if (isInteractive(at)) outline.interactive++;
    if (!label) pushChildren(at, copy.children);
  }
  if (!outline.nodes) return EMPTY;
  // Measured once built: a container prints differently with children than without.
  const measure: Array<{ node: AriaNode; depth: number }> = outline.items.map(item => ({ node: item, depth: 0 }));
  while (measure.length) {
    const { node: item, depth } = measure.pop()!;
    const size = meter.node(item);
    outline.chars += size.chars + 2 * depth * size.lines;
    outline.lines += size.lines;
    for (const child of item.children) if (typeof child !== 'string') measure.push({ node: child, depth: depth + 1 });
  }
  return outline;
}
