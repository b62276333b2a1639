// Accessible name and description of an element: the accname steps (steps.ts) with the computed
// role of each node they reach (roles.ts). Everything outside aria/ asks here.
import { getAriaRole } from '../roles';
import { accessibleDescription, accessibleName } from './steps';

/** Accessible name (accname 1.2), whitespace-normalised. Hidden elements have no name unless `includeHidden`. */
export function getElementAccessibleName(element: Element, includeHidden = false): string {
  return accessibleName(element, includeHidden, getAriaRole);
}

/** Accessible description: aria-describedby, else aria-description, else a title not already used as the name. */
export function getElementAccessibleDescription(element: Element, includeHidden = false): string {
  return accessibleDescription(element, includeHidden, getAriaRole);
}
