// STUB: owned by the roles helper. ARIA role computation (WAI-ARIA 1.2 + HTML-AAM).

/** The element's computed role: explicit (first valid token) or implicit; 'generic' for div/span; null for none. */
export function getAriaRole(element: Element): string | null {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = element.localName;
  if (tag === 'button') return 'button';
  if (tag === 'a' && element.hasAttribute('href')) return 'link';
  if (tag === 'div' || tag === 'span') return 'generic';
  return null;
}
