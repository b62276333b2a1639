// Fold 5 of fold.ts: text runs and names longer than a share of the budget are cut, with the
// number of characters left out (structure folds cannot shorten one node's own text).
import type { AriaNode } from '../types';

/** The longest text run or name a budgeted snapshot shows, as a share of the budget. */
const LONG_TEXT_SHARE = 1 / 8;
const MIN_LONG_TEXT = 200;

/**
 * Fold 5: text runs and names longer than a share of the budget are cut, with the number of
 * characters left out. Structure folds cannot shorten one node's own text; everything else is
 * left as it is (unchanged subtrees are the same objects).
 */
export function withinTextShare(tree: AriaNode, budget: number): AriaNode {
  const max = Math.max(MIN_LONG_TEXT, Math.floor(budget * LONG_TEXT_SHARE));
  const cut = (text: string) => text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
  // Iterative post-order: folded trees can still be thousands of levels deep.
  const done = new Map<AriaNode, AriaNode>();
  const stack: Array<{ node: AriaNode; expanded: boolean }> = [{ node: tree, expanded: false }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (!top.expanded) {
      top.expanded = true;
      for (const child of top.node.children) if (typeof child !== 'string') stack.push({ node: child, expanded: false });
      continue;
    }
    stack.pop();
    const node = top.node;
    let changed = node.name.length > max;
    const children = node.children.map(child => {
      const next = typeof child === 'string' ? cut(child) : done.get(child)!;
      if (next !== child) changed = true;
      return next;
    });
    done.set(node, changed ? { ...node, name: cut(node.name), children } : node);
  }
  return done.get(tree)!;
}
