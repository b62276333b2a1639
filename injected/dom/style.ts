// Computed style as a pass reads it: each element's style object and the few properties the
// snapshot needs, read once per pass (live computed-style reads are the expensive part).
import { inAriaPass, passCache } from './pass-cache';

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
