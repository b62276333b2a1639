// Composed-tree helpers shared by roles, names, hiddenness and the tree walk: tags, parents across
// shadow roots and slots, tree scopes, and IDREF lists resolved in the element's own scope.
// Closed shadow roots count like open ones (dom/closed-shadow.ts).
import { assignedSlotOf } from './closed-shadow';

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
  const slot = assignedSlotOf(element);
  if (slot) return slot;
  return parentElementOrShadowHost(element);
}

export function enclosingShadowRootOrDocument(element: Element): Document | ShadowRoot | undefined {
  const root = element.getRootNode();
  if (root.nodeType === 9 /* DOCUMENT_NODE */ || root.nodeType === 11 /* DOCUMENT_FRAGMENT_NODE */)
    return root as Document | ShadowRoot;
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
