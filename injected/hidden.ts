// STUB: owned by the accname helper. Hidden-for-ARIA (excluded from the accessibility tree).
export function isElementHiddenForAria(element: Element): boolean {
  return element.getAttribute('aria-hidden') === 'true';
}
