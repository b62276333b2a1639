// STUB: owned by the roles helper. ARIA states (checked, disabled, expanded, pressed, selected, level, invalid).
export function getAriaChecked(element: Element): boolean | 'mixed' | undefined { return undefined; }
export function getAriaDisabled(element: Element): boolean { return element.hasAttribute('disabled'); }
export function getAriaExpanded(element: Element): boolean | undefined { return undefined; }
export function getAriaPressed(element: Element): boolean | 'mixed' | undefined { return undefined; }
export function getAriaSelected(element: Element): boolean | undefined { return undefined; }
export function getAriaLevel(element: Element): number | undefined { return undefined; }
export function getAriaInvalid(element: Element): boolean | string | undefined { return undefined; }
