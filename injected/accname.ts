// STUB: owned by the accname helper. accname 1.2 name and description computation.
export function getElementAccessibleName(element: Element, includeHidden = false): string {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
}
export function getElementAccessibleDescription(element: Element, includeHidden = false): string {
  return '';
}
