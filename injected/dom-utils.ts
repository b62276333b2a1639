// Composed-tree helpers shared by roles, names, visibility and the tree walk.
import { inAriaPass, passCache } from './cache';

/** Lower-case local name; safe for elements of any namespace. */
export function elementTag(element: Element): string {
  return element.localName.toLowerCase();
}

/** Parent in the composed tree: the parent element, or the host when at a shadow root. */
export function parentElementOrShadowHost(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const parent = element.parentNode;
  if (parent && parent.nodeType === 11 /* DOCUMENT_FRAGMENT_NODE */ && (parent as ShadowRoot).host)
    return (parent as ShadowRoot).host;
  return null;
}

/** Parent in the flat tree used for rendering: the assigned slot when slotted, else the composed parent. */
export function flatTreeParent(element: Element): Element | null {
  const slot = element.assignedSlot;
  if (slot) return slot;
  return parentElementOrShadowHost(element);
}

export function enclosingShadowRootOrDocument(element: Element): Document | ShadowRoot | undefined {
  const root = element.getRootNode();
  if (root.nodeType === 9 /* DOCUMENT_NODE */ || root.nodeType === 11 /* DOCUMENT_FRAGMENT_NODE */)
    return root as Document | ShadowRoot;
  return undefined;
}

/** `closest()` that continues into shadow hosts. */
export function closestCrossShadow(element: Element | null, selector: string): Element | undefined {
  while (element) {
    const found = element.closest(selector);
    if (found) return found;
    element = enclosingShadowHost(element) ?? null;
  }
  return undefined;
}

export function enclosingShadowHost(element: Element): Element | undefined {
  let node: Node = element;
  while (node.parentNode) node = node.parentNode;
  if (node.nodeType === 11 && (node as ShadowRoot).host) return (node as ShadowRoot).host;
  return undefined;
}

/** Elements referenced by an IDREF list attribute, resolved in the element's own tree scope. */
export function getIdRefs(element: Element, attribute: string): Element[] {
  const value = element.getAttribute(attribute);
  if (!value) return [];
  const scope = enclosingShadowRootOrDocument(element);
  if (!scope) return [];
  const result: Element[] = [];
  for (const id of value.split(/\s+/)) {
    if (!id) continue;
    const found = scope.getElementById(id);
    if (found && !result.includes(found)) result.push(found);
  }
  return result;
}

/**
 * What a pass has read of one element's computed style. Each property read of a live computed style
 * serializes the value anew, so every property the snapshot needs is read at most once per pass.
 * `null` = not read yet; `undefined` = the element has no style (no window: detached documents).
 */
interface StyleFacts {
  style: CSSStyleDeclaration | undefined;
  display: string | undefined | null;
  visibility: string | undefined | null;
  cursor: string | undefined | null;
  pointerEvents: string | undefined | null;
}

const styleFacts = passCache<Element, StyleFacts>();
const beforeStyleCache = passCache<Element, CSSStyleDeclaration | undefined>();
const afterStyleCache = passCache<Element, CSSStyleDeclaration | undefined>();

function liveStyle(element: Element, pseudo?: '::before' | '::after'): CSSStyleDeclaration | undefined {
  const view = element.ownerDocument?.defaultView;
  if (!view) return undefined;
  return view.getComputedStyle(element, pseudo);
}

function styleFactsOf(element: Element): StyleFacts {
  let facts = styleFacts.get(element);
  if (facts === undefined) {
    facts = { style: liveStyle(element), display: null, visibility: null, cursor: null, pointerEvents: null };
    if (inAriaPass()) styleFacts.set(element, facts);
  }
  return facts;
}

/** Computed style (cached within a pass); undefined when the element has no window (detached docs). */
export function getElementComputedStyle(element: Element, pseudo?: '::before' | '::after'): CSSStyleDeclaration | undefined {
  if (!pseudo) return styleFactsOf(element).style;
  const cache = pseudo === '::before' ? beforeStyleCache : afterStyleCache;
  let style = cache.get(element);
  if (style === undefined && !cache.has(element)) {
    style = liveStyle(element, pseudo);
    if (inAriaPass()) cache.set(element, style);
  }
  return style;
}

/** Computed `display`; undefined when the element has no style. */
export function computedDisplay(element: Element): string | undefined {
  const facts = styleFactsOf(element);
  if (facts.display === null) facts.display = facts.style?.display;
  return facts.display;
}

/** Computed `visibility`; undefined when the element has no style. */
export function computedVisibility(element: Element): string | undefined {
  const facts = styleFactsOf(element);
  if (facts.visibility === null) facts.visibility = facts.style?.visibility;
  return facts.visibility;
}

/** Computed `cursor`; undefined when the element has no style. */
export function computedCursor(element: Element): string | undefined {
  const facts = styleFactsOf(element);
  if (facts.cursor === null) facts.cursor = facts.style?.cursor;
  return facts.cursor;
}

/** Computed `pointer-events`; undefined when the element has no style. */
export function computedPointerEvents(element: Element): string | undefined {
  const facts = styleFactsOf(element);
  if (facts.pointerEvents === null) facts.pointerEvents = facts.style?.pointerEvents;
  return facts.pointerEvents;
}

export function isElementFocusable(element: Element): boolean {
  // Native focusability (HTML "focusable area") or an explicit tabindex.
  if (element.hasAttribute('tabindex') && !Number.isNaN(parseInt(element.getAttribute('tabindex')!, 10)))
    return !isNativelyDisabled(element);
  const tag = elementTag(element);
  if (['button', 'select', 'textarea'].includes(tag)) return !isNativelyDisabled(element);
  if (tag === 'input') return (element as HTMLInputElement).type !== 'hidden' && !isNativelyDisabled(element);
  if ((tag === 'a' || tag === 'area') && element.hasAttribute('href')) return true;
  if (tag === 'summary' && elementTag(element.parentElement ?? element) === 'details') return true;
  if ((element as HTMLElement).isContentEditable) return true;
  return false;
}

const formControls = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

/** HTML "actually disabled": the disabled attribute, or inside a disabled fieldset (not its first legend). */
export function isNativelyDisabled(element: Element): boolean {
  const tag = elementTag(element);
  if (!formControls.has(tag)) return false;
  if (element.hasAttribute('disabled')) return true;
  if (tag === 'option' || tag === 'optgroup') {
    const group = element.parentElement;
    return !!group && elementTag(group) === 'optgroup' && group.hasAttribute('disabled');
  }
  for (let fieldset = element.parentElement?.closest('fieldset[disabled]'); fieldset; fieldset = fieldset.parentElement?.closest('fieldset[disabled]')) {
    const legend = Array.from(fieldset.children).find(c => elementTag(c) === 'legend');
    if (!legend || !legend.contains(element)) return true;
  }
  return false;
}

/** Any surrogate code unit: only text with one can hold a lone surrogate. */
const surrogate = /[\uD800-\uDFFF]/;

/** Replace lone surrogates so a page cannot make our JSON malformed. */
export function wellFormed(text: string): string {
  // String.prototype.toWellFormed is ES2024; do it by hand for older engines and jsdom.
  if (!surrogate.test(text)) return text;
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export function normalizeWhiteSpace(text: string): string {
  return text.replace(/[\u0020\u0009\u000a\u000c\u000d]+/g, ' ').trim();
}
