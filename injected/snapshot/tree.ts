// The tree walk: the composed (flat) tree of one document turned into AriaNodes.
//
// - Composed tree: open shadow roots replace their host's children, slots show their assigned
//   nodes (or their fallback content when nothing is assigned), aria-owns re-parents elements.
// - Hidden-for-ARIA subtrees are skipped as soon as they are met (aria/hidden.ts); an element hidden only
//   by its own `visibility` is skipped but its children are still visited (they may be visible).
// - Elements with no role, presentational roles and nameless generics are not emitted: their
//   children go to the nearest emitted ancestor (Playwright's AI mode collapses generics the same
//   way), unless they look clickable (visibility.ts), which gives them a node and a ref.
// - The walk uses an explicit stack: DOM depth never grows the JS stack.
import type { AriaNode } from '../types';
import { beginAriaCaches, endAriaCaches } from '../dom/pass-cache';
import { computedDisplay } from '../dom/style';
import { elementTag, enclosingShadowRootOrDocument } from '../dom/composed-tree';
import { assignedSlotOf, shadowRootOf } from '../dom/closed-shadow';
import { normalizeDisplayText, wellFormed } from './text';
import { isElementHiddenForAria, topmostModalDialog } from '../aria/hidden';
import { getAriaRole } from '../aria/roles';
import { mayHavePseudoContent, pseudoContentSelector, pseudoText, unionSelectors } from '../dom/generated-content';
import { Ownership } from './owns';
import { Secrets } from './secrets';
import { isBareWrapper, pointerCursorTells, withoutEchoes } from './quiet';
import { describeElement, nodeName } from './node';
import type { RefRegistry } from './refs';
import type { WalkReuse } from '../incremental/snapshots';
import {
  type BoxRect, type VisibilityProbe, computeElementBox, hasOwnPointerCursor, hiddenSubtreeMayShowDescendants,
  isPlainlyClickable, receivesPointerEvents,
} from './visibility';

export interface TreeOptions {
  refs: RefRegistry;
  probe: VisibilityProbe;
  /** Keep generic wrappers (and every other emitted node) instead of collapsing them. */
  verbose?: boolean;
  /** Record boxes on nodes. */
  boxes?: boolean;
  /** Emit this element as a node even when it would collapse (rooted snapshots). */
  keepRoot?: boolean;
  /** Reuse of the previous pass's output for unchanged subtrees (incremental/snapshots.ts). */
  reuse?: WalkReuse;
}

/** A hard line break between text runs: block boxes start a new text line. */
const BREAK = null;
type RawChild = AriaNode | string | typeof BREAK;

interface Builder { node: AriaNode; element: Element | null; raw: RawChild[] }

interface Frame {
  builder: Builder;
  /** This frame's element emitted `builder.node`: finalize it when the frame ends. */
  owns: boolean;
  children: Node[];
  index: number;
  textVisible: boolean;
  /** Pushed into the builder after the children: ::after text, then the closing separator. */
  trailer: RawChild[];
  /** Elements that may have ::before/::after text in the children's tree scopes ('' = none). */
  pseudo: string;
  /** Incremental passes: the frame's element, where its items start in the parent's raw list. */
  mark?: Mark;
}

/** What an element's frame needs to store its items for reuse (incremental/snapshots.ts). */
interface Mark {
  element: Element;
  /** In a dirty subtree: nothing below may be reused. */
  dirty: boolean;
  parentRaw: RawChild[];
  start: number;
  textVisible: boolean;
  inTextarea: boolean;
}

/** Builds the tree of `root` (included) under a 'fragment' node. */
export function buildAriaTree(root: Element, options: TreeOptions): AriaNode {
  // Every per-element answer (style, hiddenness, names) is computed once: a pass must be open.
  beginAriaCaches();
  try {
    return new Walk(root, options).run();
  } finally {
    endAriaCaches();
  }
}

class Walk {
  private readonly visited = new Set<Node>();
  private readonly ownership = new Ownership();
  private readonly modalAncestors = new Set<Element>();
  private readonly activeElement: Element | null;
  private readonly fragment: AriaNode = { role: 'fragment', name: '', children: [] };
  private readonly secrets = new Secrets();

  constructor(private readonly root: Element, private readonly options: TreeOptions) {
    const doc = root.ownerDocument;
    this.ownership.scan(doc);
    this.secrets.addScope(doc);
    const scope = enclosingShadowRootOrDocument(root);
    if (scope) { this.ownership.scan(scope); this.secrets.addScope(scope); }
    if (this.ownership.hasOwners()) options.reuse?.ownersFound();
    this.activeElement = deepActiveElement(doc);
    // Ancestors of the modal dialog are "hidden" (outside it) yet must be walked to reach it.
    const modal = topmostModalDialog(doc);
    for (let node: Node | null = modal; node; node = composedParentNode(node))
      if (node.nodeType === 1) this.modalAncestors.add(node as Element);
  }

  run(): AriaNode {
    const top: Builder = { node: this.fragment, element: null, raw: [] };
    const scope = enclosingShadowRootOrDocument(this.root);
    const pseudo = unionSelectors(pseudoContentSelector(this.root.ownerDocument), scope && scope !== this.root.ownerDocument ? pseudoContentSelector(scope) : '');
    const stack: Frame[] = [{ builder: top, owns: true, children: [this.root], index: 0, textVisible: false, trailer: [], pseudo }];
    const reuse = this.options.reuse;
    // The top frame stands for the root's parent: dirty when the root or an ancestor changed.
    if (reuse) stack[0].mark = { element: this.root, dirty: reuse.rootIsDirty(this.root), parentRaw: [], start: 0, textVisible: false, inTextarea: false };
    while (stack.length) {
      const frame = stack[stack.length - 1];
      if (frame.index < frame.children.length) {
        const child = frame.children[frame.index++];
        const next = this.visit(child, frame);
        if (next) stack.push(next);
        continue;
      }
      stack.pop();
      for (const item of frame.trailer) frame.builder.raw.push(item);
      // The root of a snapshot keeps its ref: the agent asked for that node.
      if (frame.owns) finalize(frame.builder, frame.builder.element === this.root);
      const mark = frame.mark;
      if (reuse && mark && stack.length) reuse.store(mark.element, mark.parentRaw.slice(mark.start), mark.textVisible, mark.inTextarea);
    }
    return this.fragment;
  }

  private visit(node: Node, parent: Frame): Frame | undefined {
    if (this.visited.has(node)) return undefined;
    this.visited.add(node);
    if (node.nodeType === 3 /* TEXT_NODE */) {
      // <textarea> text is its default value, which the node already shows as its current value.
      if (parent.textVisible && (!parent.builder.element || elementTag(parent.builder.element) !== 'textarea'))
        parent.builder.raw.push((node as Text).data);
      return undefined;
    }
    if (node.nodeType !== 1 /* ELEMENT_NODE */) return undefined;
    const element = node as Element;
    const isRoot = element === this.root;
    const mark = this.markFor(element, parent);
    if (mark && !mark.dirty) {
      // Unchanged since the last pass: its items, as computed then (refs checked by reuse()).
      const items = this.options.reuse!.reuse(element, mark.textVisible, mark.inTextarea);
      if (items) {
        for (const item of items) parent.builder.raw.push(item);
        return undefined;
      }
    }
    if (isElementHiddenForAria(element)) {
      if (!this.modalAncestors.has(element) && !hiddenSubtreeMayShowDescendants(element)) return this.leaf(mark);
      return this.frameFor(element, parent, parent.builder, false, false, mark);
    }
    const tag = elementTag(element);
    if (tag === 'iframe' || tag === 'frame') {
      this.emitFrame(element, parent.builder);
      return this.leaf(mark);
    }
    // The document's root (body) is the snapshot itself, never a node of it. It still takes the
    // first ref when a pointer can hit it, as Playwright MCP numbers the page root, so the first
    // control is e2 for agents and tests written against Playwright MCP (and e1 clicks the page).
    if (isRoot && !this.options.keepRoot) {
      if (element === element.ownerDocument.body && this.layout(element).ref) this.options.refs.refFor(element, 'generic', '');
      return this.frameFor(element, parent, parent.builder, false, true, mark);
    }
    const role = getAriaRole(element);
    const emitted = this.nodeFor(element, role, isRoot);
    if (!emitted) return this.frameFor(element, parent, parent.builder, false, true, mark);
    parent.builder.raw.push(emitted);
    return this.frameFor(element, parent, { node: emitted, element, raw: [] }, true, true, mark);
  }

  /** An element whose subtree is not walked: its items are final now (an old entry must not survive). */
  private leaf(mark: Mark | undefined): undefined {
    if (mark) this.options.reuse!.store(mark.element, mark.parentRaw.slice(mark.start), mark.textVisible, mark.inTextarea);
    return undefined;
  }

  /** Incremental passes: where the element's items will start, and whether it sits in a dirty subtree. */
  private markFor(element: Element, parent: Frame): Mark | undefined {
    const reuse = this.options.reuse;
    if (!reuse) return undefined;
    const builderElement = parent.builder.element;
    return {
      element,
      dirty: !!parent.mark?.dirty || reuse.isDirtyRoot(element),
      parentRaw: parent.builder.raw,
      start: parent.builder.raw.length,
      textVisible: parent.textVisible,
      inTextarea: !!builderElement && elementTag(builderElement) === 'textarea',
    };
  }

  /** The node to emit for a visible element, or undefined when its content goes to its parent. */
  private nodeFor(element: Element, role: string | null, forced: boolean): AriaNode | undefined {
    const presentational = !role || role === 'none' || role === 'presentation' || isBareRowGroup(element, role);
    if (!presentational && role !== 'generic') return this.emit(element, role!, nodeName(element, this.secrets));
    const name = role === 'generic' ? nodeName(element, this.secrets) : '';
    if (name || forced || (role === 'generic' && this.options.verbose)) return this.emit(element, 'generic', name);
    // A wrapper that looks clickable is kept: it is what a pointer would hit.
    if (!isPlainlyClickable(element)) return undefined;
    const layout = this.layout(element);
    if (!layout.ref) return undefined;
    return this.emit(element, 'generic', name, layout);
  }

  private emit(element: Element, role: string, name: string, layout = this.layout(element)): AriaNode {
    const node = describeElement(element, role, name, this.secrets);
    if (element === this.activeElement) node.active = true;
    if (layout.ref) {
      node.ref = this.options.refs.refFor(element, role, name);
      if (pointerCursorTells(role) && hasOwnPointerCursor(element)) node.cursorPointer = true;
    }
    if (this.options.boxes && layout.rect) node.box = roundBox(layout.rect);
    return node;
  }

  /** Whether a pointer can hit the element (it then gets a ref), and its box. */
  private layout(element: Element): { ref: boolean; rect?: BoxRect } {
    const box = computeElementBox(element, this.options.probe);
    return { ref: box.visible && receivesPointerEvents(element), rect: box.visible ? box.rect : undefined };
  }

  /**
   * Frames get a ref always: the driver stitches the child frame's snapshot in at that ref. Named by
   * aria-label or title (html-aam iframe: accname 2D, 2I), which tells an agent what the frame is for.
   */
  private emitFrame(element: Element, builder: Builder): void {
    const name = nodeName(element, this.secrets);
    const node: AriaNode = { role: 'iframe', name, children: [] };
    node.ref = this.options.refs.refFor(element, 'iframe', name);
    if (element === this.activeElement) node.active = true;
    if (this.options.boxes) {
      const box = computeElementBox(element, this.options.probe);
      if (box.rect) node.box = roundBox(box.rect);
    }
    builder.raw.push(node);
  }

  private frameFor(element: Element, parent: Frame, builder: Builder, owns: boolean, textVisible: boolean, mark?: Mark): Frame {
    const trailer: RawChild[] = [];
    const separator = owns ? undefined : separatorOf(element);
    if (separator !== undefined) builder.raw.push(separator);
    if (textVisible && mayHavePseudoContent(element, parent.pseudo)) {
      const before = pseudoText(element, '::before');
      if (before) builder.raw.push(before);
      const after = pseudoText(element, '::after');
      if (after) trailer.push(after);
    }
    if (separator !== undefined) trailer.push(separator);
    const shadow = shadowRootOf(element);
    const pseudo = shadow ? unionSelectors(parent.pseudo, pseudoContentSelector(shadow)) : parent.pseudo;
    return { builder, owns, children: this.childrenOf(element), index: 0, textVisible, trailer, pseudo, mark };
  }

  /**
   * Flat-tree children, minus elements owned elsewhere, plus the elements this one owns. Read by
   * firstChild/nextSibling: `childNodes` makes Blink create and keep a NodeList on every element
   * (about 120 bytes of renderer memory each, for as long as the element lives).
   */
  private childrenOf(element: Element): Node[] {
    const children: Node[] = [];
    const add = (child: Node) => {
      if (child.nodeType !== 1 || !this.ownership.isOwned(child as Element)) children.push(child);
    };
    const assigned = elementTag(element) === 'slot' && typeof (element as HTMLSlotElement).assignedNodes === 'function'
      ? (element as HTMLSlotElement).assignedNodes() : undefined;
    if (assigned?.length) {
      for (const child of assigned) add(child);
    } else {
      // Closed roots too: the runtime keeps them (dom/closed-shadow.ts), and they are what is drawn.
      const shadow = assigned ? null : shadowRootOf(element);
      if (shadow) {
        this.ownership.scan(shadow);
        if (this.ownership.hasOwners()) this.options.reuse?.ownersFound();
        this.secrets.addScope(shadow);
      }
      for (let child = (shadow ?? element).firstChild; child; child = child.nextSibling) add(child);
    }
    const owned = this.ownership.ownedBy(element);
    if (owned) for (const child of owned) children.push(child);
    return inRowIndexOrder(children);
  }
}

/**
 * Rows in the order their aria-rowindex gives, when every element among them carries one and the
 * DOM disagrees: virtualizing grids (ag-grid) keep row elements where they are and move them with
 * CSS transforms, so after a sort the DOM order is not the order a user sees or the row indexes
 * announce (WAI-ARIA 1.2 aria-rowindex: the row's position in the table). Cells of one row share
 * the row's index and keep their order. Text between the elements keeps its place.
 */
function inRowIndexOrder(children: Node[]): Node[] {
  let previous = -Infinity;
  let ordered = true;
  let elements = 0;
  for (const child of children) {
    if (child.nodeType !== 1) continue;
    const index = rowIndexOf(child as Element);
    if (index === undefined) return children;
    elements++;
    if (index < previous) ordered = false;
    previous = index;
  }
  if (ordered || elements < 2) return children;
  const rows = children.filter(child => child.nodeType === 1)
    .map((child, at) => ({ child, at, index: rowIndexOf(child as Element)! }))
    .sort((a, b) => a.index - b.index || a.at - b.at);
  let next = 0;
  return children.map(child => child.nodeType === 1 ? rows[next++].child : child);
}

function rowIndexOf(element: Element): number | undefined {
  const value = element.getAttribute('aria-rowindex');
  if (value === null) return undefined;
  const index = Number(value.trim());
  return Number.isInteger(index) && index >= 1 ? index : undefined;
}

/**
 * A row group the author gave nothing of its own (no aria-* attribute, so no name): a <tbody>,
 * which Chromium does not expose, or a `role=rowgroup` wrapper (ag-grid puts every row of its grid
 * in one). A `rowgroup` line and a level of indent on every row tell an agent nothing: the
 * columnheader cells say which rows head the grid. <thead>/<tfoot> stay: they say which rows head
 * or foot the table.
 */
function isBareRowGroup(element: Element, role: string | null): boolean {
  if (role !== 'rowgroup') return false;
  const tag = elementTag(element);
  if (tag === 'thead' || tag === 'tfoot') return false;
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i++) if (attributes[i].name.startsWith('aria-')) return false;
  return true;
}

/** How an element's box separates the text around it: a line break, a space, or nothing (inline). */
function separatorOf(element: Element): RawChild | undefined {
  if (elementTag(element) === 'br') return ' ';
  const display = computedDisplay(element) || 'inline';
  if (display === 'inline' || display === 'contents' || display === 'none') return undefined;
  if (display.startsWith('inline')) return ' ';
  return BREAK;
}

/** Merges adjacent text runs, normalizes their whitespace and drops what only repeats a name (quiet.ts). */
function finalize(builder: Builder, isRoot: boolean): void {
  const node = builder.node;
  const children: Array<AriaNode | string> = [];
  let text = '';
  const flush = () => {
    const normalized = normalizeDisplayText(text);
    if (normalized) children.push(wellFormed(normalized));
    text = '';
  };
  for (const item of builder.raw) {
    if (typeof item === 'string') { text += item; continue; }
    flush();
    if (item) children.push(item);
  }
  flush();
  node.children = withoutEchoes(node, children);
  // Cleared, not deleted: a delete turns each such node into a slow dictionary object (a few hundred bytes each).
  if (!isRoot && isBareWrapper(node)) {
    if (node.ref !== undefined) node.ref = undefined;
    if (node.cursorPointer !== undefined) node.cursorPointer = undefined;
  }
}

function roundBox(rect: BoxRect): NonNullable<AriaNode['box']> {
  return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) };
}

/** document.activeElement, descending into shadow roots (a focused iframe stays the iframe element). */
function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  // With nothing focused, activeElement is the body: not worth an [active] marker.
  if (!active || active === doc.body || active === doc.documentElement) return null;
  for (let root = shadowRootOf(active); root?.activeElement; root = shadowRootOf(active)) active = root.activeElement;
  return active;
}

function composedParentNode(node: Node): Node | null {
  const slot = node.nodeType === 1 ? assignedSlotOf(node as Element) : null;
  if (slot) return slot;
  const parent = node.parentNode;
  if (parent && parent.nodeType === 11 && (parent as ShadowRoot).host) return (parent as ShadowRoot).host;
  return parent;
}
