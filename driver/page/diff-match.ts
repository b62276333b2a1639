// Matching the nodes of two snapshots beyond their refs, for diffs (diff.ts): what a snapshot read
// in between showed and is gone, and new nodes that stand for removed ones (re-rendered elements).
import { preOrder, ROOT, type RefNode } from './diff-parse.js';

/**
 * Nodes of `read` (a snapshot the agent read after `prev`) that are in neither `prev` nor `next`,
 * by the key of their parent in `next`: the agent saw them, and they are gone.
 */
export function goneSince(read: RefNode, prevIndex: Map<string, RefNode>, nextIndex: Map<string, RefNode>): Map<string, RefNode[]> {
  const gone = new Map<string, RefNode[]>();
  for (const node of preOrder(read)) {
    const parent = node.parent;
    if (!parent || prevIndex.has(node.key) || nextIndex.has(node.key) || !nextIndex.has(parent.key)) continue;
    gone.set(parent.key, [...gone.get(parent.key) ?? [], node]);
  }
  return gone;
}

const roleOf = (node: RefNode) => node.head.replace(/^- /, '').split(/[ :[]/, 1)[0];

/**
 * New nodes of `next` that stand for removed nodes of `prev`, by the removed node's key: same role,
 * same parent (or the parent's own stand-in), and the removed node's children, some at least, now
 * under the new one. Top-down, so a re-rendered row and then its re-rendered cells pair up.
 */
export function findReplacements(next: RefNode, prevIndex: Map<string, RefNode>, nextIndex: Map<string, RefNode>): Map<string, string> {
  const standsFor = new Map<string, string>();   // removed key -> new key
  const taken = new Set<string>();
  for (const node of preOrder(next)) {
    if (node === next || prevIndex.has(node.key)) continue;
    for (const child of node.children) {
      const was = prevIndex.get(child.key)?.parent;
      if (!was?.parent || was.key === ROOT || nextIndex.has(was.key) || taken.has(was.key) || roleOf(was) !== roleOf(node)) continue;
      if ((standsFor.get(was.parent.key) ?? was.parent.key) !== node.parent?.key) continue;
      standsFor.set(was.key, node.key);
      taken.add(was.key);
      break;
    }
  }
  return standsFor;
}
