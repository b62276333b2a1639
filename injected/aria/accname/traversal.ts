// Shared state of one accessible name/description computation (accname 1.2 "current node" walk),
// including whether it has looked outside the subtree being named: steps that follow a reference
// bump a counter, and a computation whose start value still matches followed none (reuse.ts
// explains why that matters).

/**
 * The computed role of an element. The steps need it, and the role of some elements needs a name
 * (roles.ts: an unnamed <section> is no region), so it is passed in rather than imported.
 */
export type RoleOf = (element: Element) => string | null;

export interface Traversal {
  /** The element whose name or description is being computed ("root node"). */
  readonly root: Element;
  /** Step 2A exception: the node that started this reference/label traversal was hidden, so hidden nodes count. */
  readonly includeHidden: boolean;
  /** Inside an aria-labelledby/-describedby traversal: references are not followed again (step 2B). */
  readonly inReference: boolean;
  /** The current node was reached directly through aria-labelledby/-describedby or is a native label element. */
  readonly isLabelSource: boolean;
  /**
   * Inside the label of the node being named (an aria-labelledby target, a <label>, and their
   * descendants): there an embedded control gives its value (2C). Elsewhere, inside a node's own
   * name from content, a control is named as itself (2D aria-label first).
   */
  readonly inLabel: boolean;
  /** The current node is a descendant of the node being named (steps 2F.iii / 2H). */
  readonly recursing: boolean;
  /** Nodes already used: a node contributes once, which also breaks reference cycles. */
  readonly visited: Set<Node>;
  /** The follow counter when the computation started: while equal, it has followed no reference. */
  readonly clean: number;
  readonly roleOf: RoleOf;
}

let followed = 0;

/** A step is about to look outside the current subtree (a reference, a label element, a control value). */
export function markFollowed(): void {
  followed++;
}

/** Whether no step of the computation so far looked outside the subtree being named. */
export function followedNothing(t: Traversal): boolean {
  return t.clean === followed;
}

export function rootTraversal(root: Element, includeHidden: boolean, roleOf: RoleOf): Traversal {
  return { root, includeHidden, inReference: false, isLabelSource: false, inLabel: false, recursing: false, visited: new Set(), clean: followed, roleOf };
}

/** The traversal for a child node during name from content (step 2F.iii). */
export function childTraversal(t: Traversal): Traversal {
  return t.recursing && !t.isLabelSource ? t : { ...t, recursing: true, isLabelSource: false };
}
