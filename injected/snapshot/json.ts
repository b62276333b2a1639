// The snapshot tree as data: depth trimming, iframe listing and a JSON serializer. All iterative,
// so a tree as deep as the DOM allows never overflows the JS stack (JSON.stringify and
// page.evaluate's serializer recurse per level; `jsonString` lets the driver avoid both).
import type { AriaNode } from '../types';

/**
 * A copy of the tree keeping `depth` levels below the top-level nodes (the fragment's children),
 * as the YAML renderer does; nodes keep their refs. No limit: the tree itself.
 */
export function trimTree(root: AriaNode, depth: number | undefined): AriaNode {
  if (typeof depth !== 'number' || !(depth >= 0)) return root;
  const limit = Math.floor(depth);
  const copy: AriaNode = { ...root, children: [] };
  // The fragment is not a rendered level: its children are level 0.
  const firstLevel = root.role === 'fragment' ? 0 : 1;
  const stack: Array<{ from: AriaNode; to: AriaNode; level: number }> = [{ from: root, to: copy, level: firstLevel }];
  while (stack.length) {
    const { from, to, level } = stack.pop()!;
    if (level > limit) continue;
    for (const child of from.children) {
      if (typeof child === 'string') { to.children.push(child); continue; }
      // A node at the limit keeps a lone text child: the YAML shows it inline, on the node's own line.
      const inlineText = level === limit && child.children.length === 1 && typeof child.children[0] === 'string';
      const childCopy: AriaNode = { ...child, children: inlineText ? [...child.children] : [] };
      to.children.push(childCopy);
      if (!inlineText) stack.push({ from: child, to: childCopy, level: level + 1 });
    }
  }
  return copy;
}

/** Refs of the iframe placeholders in the tree, in document order. */
export function iframeRefs(root: AriaNode): string[] {
  const refs: string[] = [];
  const stack: AriaNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.role === 'iframe' && node.ref) refs.push(node.ref);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (typeof child !== 'string') stack.push(child);
    }
  }
  return refs;
}

/** JSON text of the tree, built without recursion. Equivalent to JSON.stringify(root). */
export function treeToJson(root: AriaNode): string {
  const out: string[] = [];
  // Work items: a node to open, or a literal to append (closing brackets, commas).
  const stack: Array<AriaNode | string | { text: string }> = [root];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item === 'string') { out.push(JSON.stringify(item)); continue; }
    if ('text' in item && !('role' in item)) { out.push(item.text); continue; }
    const node = item as AriaNode;
    out.push('{');
    // Every field but children is flat data (strings, numbers, booleans, the box): safe to stringify.
    for (const field of Object.keys(node)) {
      const value = (node as unknown as Record<string, unknown>)[field];
      if (field === 'children' || value === undefined) continue;
      out.push(`${JSON.stringify(field)}:${JSON.stringify(value)},`);
    }
    out.push('"children":[');
    stack.push({ text: ']}' });
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push(node.children[i]);
      if (i > 0) stack.push({ text: ',' });
    }
  }
  return out.join('');
}

/**
 * Playwright's page.evaluate cannot return objects nested more than ~100 references deep
 * ("object reference chain is too long"): each tree level is two (node, children array).
 */
const MAX_OBJECT_TREE_DEPTH = 40;

/** Levels of nodes below (and including) the root, counted iteratively. */
function treeDepth(root: AriaNode): number {
  let max = 0;
  const stack: Array<{ node: AriaNode; depth: number }> = [{ node: root, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > max) max = depth;
    for (const child of node.children) if (typeof child !== 'string') stack.push({ node: child, depth: depth + 1 });
  }
  return max;
}

/** A result that can cross page.evaluate: a tree too deep for it travels as JSON text in `json`. */
export function crossableResult<T extends { tree?: AriaNode; json?: string }>(result: T): T {
  if (!result.tree || treeDepth(result.tree) <= MAX_OBJECT_TREE_DEPTH) return result;
  const { tree, ...rest } = result;
  return { ...rest, json: treeToJson(tree) } as T;
}
