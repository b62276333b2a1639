// Layout-side visibility for the snapshot: which elements have a box a pointer can hit, which look
// clickable without an ARIA role, and which subtrees cannot contain anything visible.
// ARIA hiddenness itself lives in aria/hidden.ts; this file only adds what refs need.
//
// Boxes come from a `VisibilityProbe` so the ref algorithm runs in jsdom (which has no layout):
// tests pass a probe that gives every rendered element a box.
import { computedCursor, computedDisplay, computedPointerEvents } from '../dom/style';
import { elementTag, flatTreeParent } from '../dom/composed-tree';
import { isElementStyleVisibilityVisible } from '../aria/hidden';
import { shadowRootOf } from '../dom/closed-shadow';
import { areaBox, isArea } from '../dom/image-map';

export interface BoxRect { x: number; y: number; width: number; height: number }

/** Reads layout. The only place the snapshot touches geometry. */
export interface VisibilityProbe {
  /**
   * Border box in viewport CSS px, or undefined when the element generates no box at all. An image
   * map's <area> has no box of its own: its rect is where its shape is drawn on its image.
   */
  rect(element: Element): BoxRect | undefined;
  /** Box of a text node's rendered text; undefined when it renders nothing. */
  textRect(text: Text): BoxRect | undefined;
}

/** Real layout (browsers). All reads, no writes: the first read lays out once, the rest are cheap. */
export const layoutProbe: VisibilityProbe = {
  rect: element => (isArea(element) ? areaBox(element)?.rect : element.getBoundingClientRect()),
  textRect: text => {
    const doc = text.ownerDocument;
    if (!doc || typeof doc.createRange !== 'function') return undefined;
    const range = doc.createRange();
    range.selectNodeContents(text);
    const rect = range.getBoundingClientRect?.();
    return rect ?? undefined;
  },
};

export interface ElementBox {
  /** A non-empty box that is not visibility:hidden (opacity does not matter, as in Playwright). */
  visible: boolean;
  rect?: BoxRect;
}

const hiddenBox: ElementBox = { visible: false };

function nonEmpty(rect: BoxRect | undefined): boolean {
  return !!rect && rect.width > 0 && rect.height > 0;
}

/**
 * The element's visible box. display:contents elements have no box of their own: they count as
 * visible through their children, and their rect is the union of the children's rects.
 */
export function computeElementBox(element: Element, probe: VisibilityProbe): ElementBox {
  // An area's own style says nothing of where it is drawn (dom/image-map.ts): its shape on the image does.
  if (isArea(element)) return visibleRect(probe.rect(element));
  const display = computedDisplay(element);
  if (display === undefined) return hiddenBox;
  if (display === 'contents') return contentsBox(element, probe);
  if (display === 'none' || !isElementStyleVisibilityVisible(element)) return hiddenBox;
  return visibleRect(probe.rect(element));
}

function visibleRect(rect: BoxRect | undefined): ElementBox {
  if (!nonEmpty(rect)) return { visible: false, rect };
  return { visible: true, rect };
}

/** Union of the visible boxes below a display:contents element (iterative: contents may nest). */
function contentsBox(element: Element, probe: VisibilityProbe): ElementBox {
  let union: BoxRect | undefined;
  const pending: Node[] = childList(shadowRootOf(element) ?? element);
  while (pending.length) {
    const node = pending.pop()!;
    let rect: BoxRect | undefined;
    if (node.nodeType === 3 /* TEXT_NODE */) {
      if (!(node as Text).data.trim()) continue;
      rect = probe.textRect(node as Text);
    } else if (node.nodeType === 1 /* ELEMENT_NODE */) {
      const child = node as Element;
      const display = computedDisplay(child);
      if (display === undefined || display === 'none') continue;
      if (display === 'contents') {
        for (const grandchild of childList(shadowRootOf(child) ?? child)) pending.push(grandchild);
        continue;
      }
      if (!isElementStyleVisibilityVisible(child)) continue;
      rect = probe.rect(child);
    }
    if (!nonEmpty(rect)) continue;
    union = union ? unite(union, rect!) : { x: rect!.x, y: rect!.y, width: rect!.width, height: rect!.height };
  }
  return union ? { visible: true, rect: union } : hiddenBox;
}

/** The children, without asking for `childNodes` (a NodeList Blink would keep on the node). */
function childList(parent: Node): Node[] {
  const list: Node[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) list.push(child);
  return list;
}

function unite(a: BoxRect, b: BoxRect): BoxRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** pointer-events is inherited, so the element's own computed value is the answer. */
export function receivesPointerEvents(element: Element): boolean {
  return computedPointerEvents(element) !== 'none';
}

/**
 * cursor:pointer that the element sets itself: `cursor` is inherited, so a child of a pointer
 * element reports pointer too; only the outermost one is the clickable thing.
 */
export function hasOwnPointerCursor(element: Element): boolean {
  if (computedCursor(element) !== 'pointer') return false;
  const parent = flatTreeParent(element);
  return !parent || computedCursor(parent) !== 'pointer';
}

/**
 * Looks clickable although its role does not say so: its own cursor:pointer, an onclick handler
 * attribute, a tabindex (focusable or in the tab order on purpose), or editable content.
 */
export function isPlainlyClickable(element: Element): boolean {
  if (element.hasAttribute('onclick') || element.hasAttribute('tabindex')) return true;
  const editable = element.getAttribute('contenteditable');
  if (editable !== null && editable.toLowerCase() !== 'false') {
    // Only the editing host, not every descendant of it.
    const parent = element.parentElement;
    if (!parent || !(parent as HTMLElement).isContentEditable) return true;
  }
  return hasOwnPointerCursor(element);
}

/**
 * For an element that is hidden for ARIA: can anything below it still be rendered?
 * Only `visibility` can be overridden by descendants; display:none, aria-hidden and inert hide the
 * whole subtree (CSS 2 visufx §11.2, WAI-ARIA 1.2 aria-hidden, HTML inert).
 */
export function hiddenSubtreeMayShowDescendants(element: Element): boolean {
  const display = computedDisplay(element);
  if (display === undefined || display === 'none') return false;
  if (isElementStyleVisibilityVisible(element)) return false;
  if (element.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true') return false;
  if (element.hasAttribute('inert')) return false;
  return !nonRenderedTags.has(elementTag(element));
}

const nonRenderedTags = new Set(['head', 'script', 'style', 'noscript', 'template', 'meta', 'link', 'title']);
