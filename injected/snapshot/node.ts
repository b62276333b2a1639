// What one emitted element contributes to its AriaNode: name, states, link URL, placeholder,
// current value, description. Layout (boxes, refs) is added by the tree walk.
import type { AriaNode } from '../types';
import { getElementAccessibleName, getElementAccessibleDescription } from '../aria/accname/name';
import {
  getAriaChecked, getAriaDisabled, getAriaExpanded, getAriaInvalid, getAriaLevel, getAriaPressed, getAriaSelected,
  kAriaCheckedRoles, kAriaDisabledRoles, kAriaExpandedRoles, kAriaLevelRoles, kAriaPressedRoles, kAriaSelectedRoles,
} from '../aria/states';
import { elementTag } from '../dom/composed-tree';
import { normalizeDisplayText, wellFormed } from './text';
import type { Secrets } from './secrets';

/** The accessible name as shown: display whitespace, no password values, well-formed UTF-16. */
export function nodeName(element: Element, secrets: Secrets): string {
  return wellFormed(secrets.scrub(normalizeDisplayText(getElementAccessibleName(element) || '')));
}

/** A node with role, name, states and text-like properties (everything but layout and children). */
export function describeElement(element: Element, role: string, name: string, secrets: Secrets): AriaNode {
  const node: AriaNode = { role, name, children: [] };
  addStates(node, element, role);
  if (role === 'link') {
    const url = linkUrl(element);
    if (url) node.url = wellFormed(url);
  }
  if (placeholderRoles.has(role)) {
    const placeholder = element.getAttribute('placeholder');
    if (placeholder && normalizeDisplayText(placeholder) !== name) node.placeholder = wellFormed(placeholder);
  }
  addValue(node, element, role);
  const description = secrets.scrub(normalizeDisplayText(getElementAccessibleDescription(element) || ''));
  if (description) node.description = wellFormed(description);
  return node;
}

const placeholderRoles = new Set(['textbox', 'searchbox', 'combobox']);

function addStates(node: AriaNode, element: Element, role: string): void {
  if (kAriaCheckedRoles.includes(role)) {
    const checked = getAriaChecked(element);
    if (checked !== undefined) node.checked = checked;
  }
  if (kAriaDisabledRoles.includes(role) && getAriaDisabled(element)) node.disabled = true;
  if (kAriaExpandedRoles.includes(role)) {
    const expanded = getAriaExpanded(element);
    if (expanded !== undefined) node.expanded = expanded;
  }
  if (kAriaPressedRoles.includes(role)) {
    const pressed = getAriaPressed(element);
    if (pressed !== undefined) node.pressed = pressed;
  }
  if (kAriaSelectedRoles.includes(role)) {
    const selected = getAriaSelected(element);
    if (selected !== undefined) node.selected = selected;
  }
  if (kAriaLevelRoles.includes(role)) {
    const level = getAriaLevel(element);
    if (level) node.level = level;
  }
  const invalid = getAriaInvalid(element);
  if (invalid) node.invalid = typeof invalid === 'string' ? wellFormed(invalid) : invalid;
}

/** The resolved href of HTML links (what a click navigates to); other links keep the attribute. */
function linkUrl(element: Element): string | undefined {
  const tag = elementTag(element);
  if ((tag === 'a' || tag === 'area') && element.namespaceURI === 'http://www.w3.org/1999/xhtml' && element.hasAttribute('href'))
    return (element as HTMLAnchorElement).href;
  return element.getAttribute('href') ?? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? undefined;
}

/** Input types whose value is not something the user typed or picked. */
const valuelessInputTypes = new Set(['checkbox', 'radio', 'file', 'button', 'submit', 'reset', 'image', 'hidden']);
const ariaValueRoles = new Set(['slider', 'spinbutton', 'combobox']);

/** Current value of a control. Password values never leave the page: only that one exists. */
function addValue(node: AriaNode, element: Element, role: string): void {
  const tag = elementTag(element);
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    const type = (input.type || 'text').toLowerCase();
    if (type === 'password') {
      if (input.value) node.hasValue = true;
      return;
    }
    if (!valuelessInputTypes.has(type) && input.value) node.value = wellFormed(input.value);
    return;
  }
  if (tag === 'textarea') {
    const value = (element as HTMLTextAreaElement).value;
    if (value) node.value = wellFormed(value);
    return;
  }
  if (tag === 'select') {
    const labels = Array.from((element as HTMLSelectElement).selectedOptions ?? [], o => normalizeDisplayText(o.label || o.text));
    const value = labels.filter(Boolean).join(', ');
    if (value) node.value = wellFormed(value);
    return;
  }
  if (ariaValueRoles.has(role)) {
    const value = element.getAttribute('aria-valuetext') || element.getAttribute('aria-valuenow');
    if (value) node.value = wellFormed(normalizeDisplayText(value));
  }
}
