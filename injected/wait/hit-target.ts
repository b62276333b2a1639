// What is drawn at a viewport point. Used when a click fails because another element would
// receive it: telling the agent "the cookie banner dialog covers it" lets it dismiss the banner
// instead of retrying the same click.
import type { CoveringElement } from '../types';
import { getAriaRole } from '../aria/roles';
import { getElementAccessibleName } from '../aria/accname/name';
import { beginAriaCaches, endAriaCaches } from '../dom/pass-cache';
import { parentElementOrShadowHost } from '../dom/composed-tree';
import { shadowRootOf } from '../dom/closed-shadow';

const CONTAINER_ROLES = new Set([
  'dialog', 'alertdialog', 'banner', 'contentinfo', 'navigation', 'complementary', 'region', 'main',
  'form', 'alert', 'status', 'menu', 'menubar', 'listbox', 'tooltip', 'toolbar', 'tabpanel', 'search',
]);

/** elementFromPoint that continues into shadow roots, closed ones the runtime knows included. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let element = document.elementFromPoint(x, y);
  for (let shadow = element && shadowRootOf(element); element && shadow; shadow = shadowRootOf(element)) {
    const inner = shadow.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}

export function refOf(element: Element): string | undefined {
  try {
    return (globalThis as any).__ariaref?.refFor?.(element) ?? undefined;
  } catch {
    return undefined; // a ref is a bonus; the role and name already identify it
  }
}

function textStart(element: Element): string | undefined {
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 80) : undefined;
}

function findContainer(element: Element): CoveringElement['container'] {
  for (let node = parentElementOrShadowHost(element); node; node = parentElementOrShadowHost(node)) {
    const role = getAriaRole(node);
    if (!role || !CONTAINER_ROLES.has(role)) continue;
    return { role, name: getElementAccessibleName(node), ref: refOf(node) };
  }
  return undefined;
}

/**
 * What covers the center of `target`: null when nothing is drawn there or the hit is `target`
 * itself or inside it (a click there reaches it), across shadow roots.
 */
export function coveringElementOf(target: Element): CoveringElement | null {
  const rect = target.getBoundingClientRect();
  const hit = deepElementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
  if (!hit) return null;
  for (let node: Element | null = hit; node; node = parentElementOrShadowHost(node))
    if (node === target) return null;
  return describeHit(hit);
}

/** The hit element described for a message: role, name or text, ref, and the container it belongs to. */
export function describeHit(element: Element): CoveringElement {
  beginAriaCaches();
  try {
    const role = getAriaRole(element) ?? 'generic';
    const name = getElementAccessibleName(element);
    const result: CoveringElement = { role, name, ref: refOf(element), tag: element.localName };
    if (!name) result.text = textStart(element);
    const container = CONTAINER_ROLES.has(role) ? undefined : findContainer(element);
    if (container) result.container = container;
    return result;
  } finally {
    endAriaCaches();
  }
}
