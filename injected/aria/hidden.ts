// Hidden-for-ARIA: whether an element is excluded from the accessibility tree.
// Used by the name computation (accname step 2A) and by the tree walk for every element, so the
// answer is cached per pass and ancestors are resolved iteratively, top-down, sharing the cache.
import { inAriaPass, passCache } from '../dom/pass-cache';
import { computedDisplay, computedVisibility } from '../dom/style';
import { elementTag, flatTreeParent } from '../dom/composed-tree';
import { assignedSlotOf, shadowRootOf } from '../dom/closed-shadow';

/** Elements that never render (or whose content is data, not presentation). */
const nonRenderedTags = new Set([
  'head', 'script', 'style', 'noscript', 'template', 'meta', 'link', 'base', 'title', 'param', 'source', 'track', 'datalist',
]);

const hiddenCache = passCache<Element, boolean>();
const ariaHiddenCache = passCache<Element, boolean>();
const modalCache = passCache<Document, Element | null>();

/** `visibility` of the element's own computed style (inherited, so a child may override a hidden parent). */
export function isElementStyleVisibilityVisible(element: Element): boolean {
  const visibility = computedVisibility(element);
  return visibility !== 'hidden' && visibility !== 'collapse';
}

/**
 * Hidden for ARIA: display:none on the element or a flat-tree ancestor, own visibility hidden/collapse,
 * aria-hidden="true" or `inert` on the element or a composed ancestor, outside the topmost modal dialog,
 * inside a closed <details> (except its summary), unslotted children of shadow hosts, non-rendered tags.
 */
export function isElementHiddenForAria(element: Element): boolean {
  // Asked several times per element (tree walk, names, descriptions): one lookup once known.
  let hidden = ariaHiddenCache.get(element);
  if (hidden === undefined) {
    hidden = computeHiddenForAria(element);
    if (inAriaPass()) ariaHiddenCache.set(element, hidden);
  }
  return hidden;
}

function computeHiddenForAria(element: Element): boolean {
  // visibility is inherited through the computed style, so only the element's own value matters;
  // options of a <select> keep their list semantics whatever the popup's rendering says.
  const tag = elementTag(element);
  const isOptionInSelect = (tag === 'option' || tag === 'optgroup') && !!element.closest('select');
  if (!isOptionInSelect && tag !== 'slot' && !isElementStyleVisibilityVisible(element)) return true;
  return isElementSubtreeHiddenForAria(element);
}

/**
 * Hidden together with all its descendants: everything except the element's own `visibility`, which a
 * descendant may override (a visibility:visible child of a visibility:hidden parent is rendered).
 */
export function isElementSubtreeHiddenForAria(element: Element): boolean {
  if (isSubtreeHidden(element)) return true;
  const modal = topmostModalDialog(element.ownerDocument);
  return !!modal && !isComposedInclusiveAncestor(modal, element);
}

/** The part of hiddenness that applies to the whole subtree (everything except own visibility). */
function isSubtreeHidden(element: Element): boolean {
  // Walk up until a cached ancestor (or the root), then resolve top-down so every element on the way
  // gets cached and the stack depth stays constant whatever the DOM depth.
  const chain: Element[] = [];
  let inherited = false;
  for (let node: Element | null = element; node; node = flatTreeParent(node)) {
    const known = hiddenCache.get(node);
    if (known !== undefined) { inherited = known; break; }
    chain.push(node);
  }
  const pass = inAriaPass();
  for (let i = chain.length - 1; i >= 0; i--) {
    const node = chain[i];
    inherited = inherited || hidesOwnSubtree(node);
    if (pass) hiddenCache.set(node, inherited);
  }
  return inherited;
}

/** Whether this element alone hides itself and everything below it (ancestors not considered). */
function hidesOwnSubtree(element: Element): boolean {
  const tag = elementTag(element);
  if (nonRenderedTags.has(tag) && !isSvgElement(element)) return true;
  if (element.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true') return true;
  if (element.hasAttribute('inert')) return true;
  // <area> is display:none by the UA style sheet, yet its image map exposes it (as links of the image).
  if (computedDisplay(element) === 'none' && tag !== 'area') return true;
  if (isHiddenByParentStructure(element)) return true;
  return false;
}

/** Hidden because of where it sits: unslotted shadow-host child, closed <details>, unused slot fallback. */
function isHiddenByParentStructure(element: Element): boolean {
  const parent = element.parentElement;
  if (!parent) return false;
  // Light-DOM children of a shadow host are rendered only through a slot.
  if (shadowRootOf(parent) && !assignedSlotOf(element)) return true;
  // A closed <details> renders only its first <summary> child.
  const parentTag = elementTag(parent);
  if (parentTag === 'details' && !parent.hasAttribute('open')) {
    const summary = Array.from(parent.children).find(c => elementTag(c) === 'summary');
    return element !== summary;
  }
  // Slot fallback content is rendered only when nothing is assigned to the slot.
  if (parentTag === 'slot' && typeof (parent as HTMLSlotElement).assignedNodes === 'function'
    && (parent as HTMLSlotElement).assignedNodes().length > 0) return true;
  return false;
}

function isSvgElement(element: Element): boolean {
  return element.namespaceURI === 'http://www.w3.org/2000/svg';
}

/** The modal dialog everything else is blocked by (HTML "blocked by a modal dialog"), if any. */
export function topmostModalDialog(doc: Document): Element | null {
  let modal = modalCache.get(doc);
  if (modal === undefined) {
    modal = findTopmostModalDialog(doc);
    if (inAriaPass()) modalCache.set(doc, modal);
  }
  return modal;
}

function findTopmostModalDialog(doc: Document): Element | null {
  let modals: Element[];
  try {
    modals = Array.from(doc.querySelectorAll('dialog')).filter(d => d.matches(':modal'));
  } catch {
    return null; // engines without :modal (older jsdom) cannot tell modal from non-modal dialogs
  }
  if (!modals.length) return null;
  // The top layer order is not exposed; a nested modal (shown last in practice) wins over its container,
  // otherwise the last one in document order.
  let top = modals[modals.length - 1];
  for (const m of modals) if (m !== top && top.contains(m)) top = m;
  return top;
}

function isComposedInclusiveAncestor(ancestor: Element, element: Element): boolean {
  for (let node: Element | null = element; node; node = flatTreeParent(node))
    if (node === ancestor) return true;
  return false;
}

/**
 * Elements the HTML rendering leaves out by default yet that keep the name an author gave them
 * (html-aam / Chromium: a closed <dialog>, an <audio> without controls, an <rp> of a ruby): hidden
 * for the tree, still named by aria-labelledby, aria-label or title when asked directly. Hidden by
 * anything else (aria-hidden, inert, a hidden ancestor), they stay nameless.
 */
export function isUnrenderedButNameable(element: Element): boolean {
  if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return false;
  const tag = elementTag(element);
  const unrendered = (tag === 'dialog' && !element.hasAttribute('open')) || (tag === 'audio' && !element.hasAttribute('controls'))
    || tag === 'rp';
  if (!unrendered) return false;
  if (element.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true' || element.hasAttribute('inert')) return false;
  const parent = flatTreeParent(element);
  return !parent || !isSubtreeHidden(parent);
}
