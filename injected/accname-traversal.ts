// Shared state of one accessible name/description computation (accname 1.2 "current node" walk).
import { followedCount } from './accname-reuse';

export interface Traversal {
  /** The element whose name or description is being computed ("root node"). */
  readonly root: Element;
  /** Step 2A exception: the node that started this reference/label traversal was hidden, so hidden nodes count. */
  readonly includeHidden: boolean;
  /** Inside an aria-labelledby/-describedby traversal: references are not followed again (step 2B). */
  readonly inReference: boolean;
  /** The current node was reached directly through aria-labelledby/-describedby or is a native label element. */
  readonly isLabelSource: boolean;
  /** The current node is a descendant of the node being named (steps 2F.iii / 2H). */
  readonly recursing: boolean;
  /** Nodes already used: a node contributes once, which also breaks reference cycles. */
  readonly visited: Set<Node>;
  /** `followedCount()` when the computation started: while equal, it has followed no reference. */
  readonly clean: number;
}

export function rootTraversal(root: Element, includeHidden: boolean): Traversal {
  return { root, includeHidden, inReference: false, isLabelSource: false, recursing: false, visited: new Set(), clean: followedCount() };
}

/** The traversal for a child node during name from content (step 2F.iii). */
export function childTraversal(t: Traversal): Traversal {
  return t.recursing && !t.isLabelSource ? t : { ...t, recursing: true, isLabelSource: false };
}
