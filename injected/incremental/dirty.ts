// Which parts of the page changed since the last snapshot, from mutation records and the
// invalidation checks (watch.ts). The snapshot walk (snapshot/tree.ts) reuses the previous
// pass's output for an element only when nothing below it in the flat tree is marked here.
//
// Two marks, both kept in WeakSets (a removed element is never held alive by them):
// - a dirty *subtree* root: the root and everything below it in the flat tree is recomputed;
// - a *tainted* element: a flat-tree ancestor of something dirty. It is recomputed itself (its
//   name may come from its content), but its clean children are reused.
// And one flag, `all`: nothing may be reused (style sheets changed, the viewport resized...).
//
// Why a change dirties the changed element's *parent* subtree: CSS lets an element's state reach
// its following siblings (`+`, `~`), every sibling (`:nth-child`, `:nth-last-child`) and its
// descendants; `:empty` makes a child-list or text change a change of the element itself.
// When the page's sheets use none of those (`siblingRules` false), the element's own subtree is
// enough, except where our own computation reads siblings: table rows (a <th>'s role follows its
// neighbour cells and the table's row count) and <details> (only its first <summary> shows).
// `:has()` can reach anywhere: sheets using it disable reuse altogether (watch.ts).
import { assignedSlotOf, shadowRootOf } from '../dom/closed-shadow';

/** Flat-tree parent: the assigned slot when slotted, the host at a shadow root, else the parent element. */
export function flatParentOf(node: Node): Element | null {
  // A closed host's children say assignedSlot null: the runtime knows their slot anyway.
  const slot = node.nodeType === 1 || node.nodeType === 3 ? assignedSlotOf(node as Element | Text) : null;
  if (slot) return slot;
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return null;
}

/** The element a record changed: the target itself, the parent of a changed text node, the host of a shadow root. */
function changedElement(target: Node): Element | null | 'document' {
  if (target.nodeType === 1) return target as Element;
  if (target.nodeType === 9) return 'document';
  if (target.nodeType === 11) return (target as ShadowRoot).host ?? null;
  const parent = target.parentNode;
  if (!parent) return null;
  return changedElement(parent);
}

function hostOf(element: Element): Element | null {
  const root = element.getRootNode();
  return root.nodeType === 11 ? (root as ShadowRoot).host ?? null : null;
}

/** Elements whose siblings our own computation reads when they change (aria/roles.ts thRole, <details>). */
function readsSiblings(element: Element): boolean {
  const tag = element.localName;
  if (tag === 'tbody' || tag === 'thead' || tag === 'tfoot' || tag === 'summary') return true;
  const parent = element.parentElement?.localName;
  return parent === 'tr' || parent === 'details';
}

/** Max dirty roots between two snapshots before giving up on precision (keeps churny pages cheap). */
const MAX_ROOTS = 2000;
/** Max records queued between two snapshots (a page churning with no snapshot taken). */
const MAX_PENDING = 20_000;

export class DirtyTracker {
  private roots = new WeakSet<Node>();
  private tainted = new WeakSet<Node>();
  private rootCount = 0;
  private wholesale = true; // nothing is known before the first snapshot
  private why = 'first snapshot';
  /** Whether CSS may restyle siblings of a changed element (set from the sheets at each check). */
  siblingRules = true;
  private pendingRecords: Array<ArrayLike<MutationRecord>> = [];
  private pendingNodes: Node[] = [];
  private pendingCount = 0;
  private batchesSeen = 0;

  /**
   * Store records (or a changed node) for the next pass. Observers and event listeners call this
   * outside the runtime's guard against page-replaced built-ins, so it calls no built-in method;
   * drain() does the work inside the snapshot call.
   */
  queue(records: ArrayLike<MutationRecord> | null, node?: Node): void {
    if (this.wholesale) return;
    this.pendingCount += records ? records.length : 1;
    if (this.pendingCount > MAX_PENDING) {
      this.pendingRecords = [];
      this.pendingNodes = [];
      this.invalidateAll('too many changes');
      return;
    }
    if (records) this.pendingRecords[this.pendingRecords.length] = records;
    if (node) this.pendingNodes[this.pendingNodes.length] = node;
  }

  /** Turn what was queued into marks (at the start of a pass, on the tree as it is now). */
  drain(): void {
    const records = this.pendingRecords;
    const nodes = this.pendingNodes;
    this.pendingRecords = [];
    this.pendingNodes = [];
    this.pendingCount = 0;
    if (records.length || nodes.length) this.batchesSeen++;
    for (const batch of records) this.noteRecords(batch);
    for (const node of nodes) this.noteChanged(node);
  }

  /** Everything must be recomputed at the next pass. `reason` is kept for debugging and tests. */
  invalidateAll(reason: string): void {
    this.batchesSeen++;
    if (this.wholesale) return;
    this.wholesale = true;
    this.why = reason;
  }

  /**
   * Grows with every drain that brought changes and every invalidation: the same number at two
   * passes means the tree's structure and attributes did not change in between.
   */
  get changesSeen(): number {
    return this.batchesSeen;
  }

  get all(): boolean {
    return this.wholesale;
  }

  /** Whether anything changed (marks made by changes, not the per-pass markSelf of reference names). */
  get changed(): boolean {
    return this.wholesale || this.rootCount > 0;
  }

  get reason(): string {
    return this.wholesale ? this.why : '';
  }

  /** Mutation records, as a MutationObserver delivers them. */
  noteRecords(records: ArrayLike<MutationRecord>): void {
    if (this.wholesale) return;
    for (let i = 0; i < records.length && !this.wholesale; i++) this.noteChanged(records[i].target);
  }

  /** Something about `node` changed (its attributes, children, text or state): dirty its parent's subtree. */
  noteChanged(node: Node): void {
    if (this.wholesale) return;
    const element = changedElement(node);
    // A detached node: its re-insertion (or its removal) is a record of its own.
    if (element === null || (element !== 'document' && !element.isConnected)) return;
    if (element === 'document') { this.invalidateAll('document changed'); return; }
    // Slot assignment: a light child of a host, or a slot, may move content between the host's
    // slots (and their fallback content): the host's whole flat subtree.
    const host = element.parentElement && shadowRootOf(element.parentElement) ? element.parentElement : element.localName === 'slot' ? hostOf(element) : null;
    if (host) this.markSubtree(host);
    if (!this.siblingRules && !readsSiblings(element)) { this.markSubtree(element); return; }
    const parent = flatParentOf(element) ?? element.parentNode;
    if (!parent || parent.nodeType !== 1) { this.invalidateAll(`<${element.localName}> changed`); return; }
    this.markSubtree(parent as Element);
    // Also the DOM parent when slotted: CSS sibling rules follow the DOM, not the flat tree.
    const domParent = element.parentElement;
    if (domParent && domParent !== parent) this.markSubtree(domParent);
  }

  /** `element` and everything below it must be recomputed. */
  markSubtree(element: Element): void {
    if (this.wholesale || this.roots.has(element)) return;
    if (++this.rootCount > MAX_ROOTS) { this.invalidateAll('too many changes'); return; }
    this.roots.add(element);
    this.taintAncestors(element);
  }

  /** `element` itself must be recomputed (and so its ancestors); its children may be reused. */
  markSelf(element: Element): void {
    if (this.wholesale || this.tainted.has(element)) return;
    this.tainted.add(element);
    this.taintAncestors(element);
  }

  private taintAncestors(node: Node): void {
    // Stop at an element already tainted: its ancestors were tainted with it. (An ancestor moved
    // since then got a child-list record of its own, which tainted its new ancestors.)
    // A slotted node's DOM parent (the host) is above its slot in the flat tree: covered too.
    for (let up = flatParentOf(node); up && !this.tainted.has(up); up = flatParentOf(up)) this.tainted.add(up);
  }

  isDirtyRoot(element: Element): boolean {
    return this.roots.has(element);
  }

  isTainted(element: Element): boolean {
    return this.tainted.has(element);
  }

  /** Whether the element or one of its flat-tree ancestors is a dirty root (for the walk's first element). */
  isInDirtySubtree(element: Element): boolean {
    for (let node: Element | null = element; node; node = flatParentOf(node))
      if (this.roots.has(node)) return true;
    return false;
  }

  /** Start over after a pass has used the marks (and drained the queue): the next pass sees only later changes. */
  reset(): void {
    this.pendingRecords = [];
    this.pendingNodes = [];
    this.pendingCount = 0;
    this.roots = new WeakSet();
    this.tainted = new WeakSet();
    this.rootCount = 0;
    this.wholesale = false;
    this.why = '';
  }
}
