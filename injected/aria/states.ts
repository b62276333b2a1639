// ARIA states for the snapshot: checked, disabled, expanded, pressed, selected, level, invalid.
// WAI-ARIA 1.2 state definitions with HTML-AAM's native mappings; token values are read the way
// Chromium reads them (ASCII case-insensitive; an unknown non-empty value of a true/false state is true).
// Each getter returns undefined when the element's role does not support the state (or, for optional
// states, when the page did not set it), so callers can emit whatever is not undefined.
import { inAriaPass, passCache } from '../dom/pass-cache';
import { elementTag, parentElementOrShadowHost } from '../dom/composed-tree';
import { isNativelyDisabled } from '../dom/focus';
import { getAriaRole } from './roles';

/** Roles supporting aria-checked (WAI-ARIA 1.2, including roles that inherit it). */
export const kAriaCheckedRoles: readonly string[] = ['checkbox', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'switch', 'treeitem'];
/** Of those, the roles for which aria-checked is required: an absent value means "not checked". */
const kRequiredCheckedRoles = ['checkbox', 'menuitemcheckbox', 'menuitemradio', 'radio', 'switch'];
/** Roles that can be half-checked; for the others "mixed" reads as false (ARIA 1.2, Chromium). */
const kMixedCheckedRoles = ['checkbox', 'menuitemcheckbox'];

export const kAriaPressedRoles: readonly string[] = ['button'];

export const kAriaExpandedRoles: readonly string[] = [
  'application', 'button', 'checkbox', 'columnheader', 'combobox', 'gridcell', 'link', 'listbox', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'row', 'rowheader', 'switch', 'tab', 'treeitem',
];

export const kAriaSelectedRoles: readonly string[] = ['columnheader', 'gridcell', 'option', 'row', 'rowheader', 'tab', 'treeitem'];

export const kAriaLevelRoles: readonly string[] = ['heading', 'listitem', 'row', 'treeitem'];

/** Roles supporting aria-disabled (ARIA 1.2 "used in roles" and "inherits into roles"); abstract ones are harmless. */
export const kAriaDisabledRoles: readonly string[] = [
  'application', 'button', 'checkbox', 'columnheader', 'combobox', 'composite', 'grid', 'gridcell', 'group',
  'input', 'link', 'listbox', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'radio', 'radiogroup', 'row', 'rowheader', 'scrollbar', 'searchbox', 'select', 'separator', 'slider',
  'spinbutton', 'switch', 'tab', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid', 'treeitem',
];

/** A token attribute's value, lower-cased; undefined when absent, empty or "undefined". */
function ariaToken(element: Element, attribute: string): string | undefined {
  const value = element.getAttribute(attribute)?.trim().toLowerCase();
  return value && value !== 'undefined' ? value : undefined;
}

function isNativeCheckable(element: Element): element is HTMLInputElement {
  if (elementTag(element) !== 'input') return false;
  const type = (element as HTMLInputElement).type;
  return type === 'checkbox' || type === 'radio';
}

/**
 * aria-checked. Native checkboxes and radios report their own state (indeterminate checkboxes are
 * 'mixed') whatever aria-checked says, as long as their role is checkable (role=switch keeps it).
 */
export function getAriaChecked(element: Element): boolean | 'mixed' | undefined {
  const role = getAriaRole(element) ?? '';
  if (!kAriaCheckedRoles.includes(role)) return undefined;
  if (isNativeCheckable(element)) {
    if (element.indeterminate && element.type === 'checkbox') return kMixedCheckedRoles.includes(role) ? 'mixed' : false;
    return element.checked;
  }
  const value = ariaToken(element, 'aria-checked');
  if (value === undefined) return kRequiredCheckedRoles.includes(role) ? false : undefined;
  if (value === 'mixed') return kMixedCheckedRoles.includes(role) ? 'mixed' : false;
  return value !== 'false';
}

const ariaDisabledChainCache = passCache<Element, boolean>();

/**
 * Disabled: natively disabled form controls (disabled attribute, disabled fieldset outside its first
 * legend, disabled optgroup, options of a disabled select), or an element whose role supports
 * aria-disabled and whose nearest aria-disabled="true|false" (itself or an ancestor, across shadow
 * roots) is "true". A disabled <fieldset> itself is a group that is not reported disabled (Chromium).
 */
export function getAriaDisabled(element: Element): boolean {
  const tag = elementTag(element);
  if (tag !== 'fieldset' && isNativelyDisabled(element)) return true;
  if ((tag === 'option' || tag === 'optgroup') && isInDisabledSelect(element)) return true;
  if (!kAriaDisabledRoles.includes(getAriaRole(element) ?? '')) return false;
  return ariaDisabledInChain(element);
}

function isInDisabledSelect(element: Element): boolean {
  const select = element.closest('select');
  return !!select && isNativelyDisabled(select);
}

/** The nearest aria-disabled="true|false" on the element or its ancestors; iterative, so deep trees are fine. */
function ariaDisabledInChain(element: Element): boolean {
  const pass = inAriaPass();
  const walked: Element[] = [];
  let result = false;
  for (let e: Element | null = element; e; e = parentElementOrShadowHost(e)) {
    const known = pass ? ariaDisabledChainCache.get(e) : undefined;
    if (known !== undefined) { result = known; break; }
    walked.push(e);
    const value = ariaToken(e, 'aria-disabled');
    if (value === 'true' || value === 'false') { result = value === 'true'; break; }
  }
  if (pass) for (const e of walked) ariaDisabledChainCache.set(e, result);
  return result;
}

/**
 * aria-expanded on roles that support it; undefined when absent. The disclosure <summary> of a
 * <details> (role button here) reports whether its details is open, as Chromium does.
 */
export function getAriaExpanded(element: Element): boolean | undefined {
  const role = getAriaRole(element) ?? '';
  if (!kAriaExpandedRoles.includes(role)) return undefined;
  const value = ariaToken(element, 'aria-expanded');
  if (value !== undefined) return value !== 'false';
  if (elementTag(element) === 'summary') {
    const details = element.parentElement;
    if (details && elementTag(details) === 'details' && role === 'button') return (details as HTMLDetailsElement).open;
  }
  return undefined;
}

/** aria-pressed on buttons: true, false or 'mixed'; undefined when absent (not a toggle button). */
export function getAriaPressed(element: Element): boolean | 'mixed' | undefined {
  if (!kAriaPressedRoles.includes(getAriaRole(element) ?? '')) return undefined;
  const value = ariaToken(element, 'aria-pressed');
  if (value === undefined) return undefined;
  if (value === 'mixed') return 'mixed';
  return value !== 'false';
}

/**
 * Selected: an <option> of a <select>/<datalist> reports its selectedness; other roles that support
 * aria-selected report the attribute (undefined when absent).
 */
export function getAriaSelected(element: Element): boolean | undefined {
  const role = getAriaRole(element) ?? '';
  if (!kAriaSelectedRoles.includes(role)) return undefined;
  if (elementTag(element) === 'option' && element.closest('select, datalist'))
    return (element as HTMLOptionElement).selected;
  const value = ariaToken(element, 'aria-selected');
  if (value === undefined) return undefined;
  return value !== 'false';
}

/**
 * Level: a valid aria-level (integer >= 1) wins; headings fall back to h1-h6, then 2 (ARIA's default);
 * tree items to their nesting depth (groups between them and their tree). Rows and list items report a
 * level only when aria-level sets it.
 */
export function getAriaLevel(element: Element): number | undefined {
  const role = getAriaRole(element) ?? '';
  if (!kAriaLevelRoles.includes(role)) return undefined;
  const explicit = Number((element.getAttribute('aria-level') ?? '').trim() || NaN);
  if (Number.isInteger(explicit) && explicit >= 1) return explicit;
  if (role === 'heading') {
    const match = /^h([1-6])$/.exec(elementTag(element));
    return match ? Number(match[1]) : 2;
  }
  if (role === 'treeitem') return treeItemLevel(element);
  return undefined;
}

function treeItemLevel(item: Element): number {
  let level = 1;
  for (let e = parentElementOrShadowHost(item); e; e = parentElementOrShadowHost(e)) {
    const role = getAriaRole(e);
    if (role === 'tree' || role === 'treegrid') break;
    if (role === 'group') level++;
  }
  return level;
}

/**
 * aria-invalid: 'grammar' / 'spelling' as such, any other value but "false" is true; false when
 * absent or empty. (Native constraint validation is not reported.)
 */
export function getAriaInvalid(element: Element): boolean | string | undefined {
  const value = ariaToken(element, 'aria-invalid');
  if (value === undefined || value === 'false') return false;
  if (value === 'grammar' || value === 'spelling') return value;
  return true;
}
