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

/**
 * A link's URL as short as it can be read: the attribute as written when it is relative (`#home`,
 * `docs/x`, `?page=2`), an absolute URL of the document's origin relative to the document, other
 * origins and schemes in full. On a page of links the origin repeated on every line is most of
 * the characters; the agent knows the page's URL. data: URLs keep only their header (Playwright's rule).
 */
function linkUrl(element: Element): string | undefined {
  const raw = element.getAttribute('href') ?? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
  if (raw === null) return undefined;
  const written = raw.trim();
  if (/^data:/i.test(written)) {
    const comma = written.indexOf(',');
    return comma === -1 ? written : `${written.slice(0, comma + 1)}…`;
  }
  const tag = elementTag(element);
  const html = (tag === 'a' || tag === 'area') && element.namespaceURI === 'http://www.w3.org/1999/xhtml';
  // An absolute or scheme-relative URL: as the document would reach it, relative to the document.
  if (!html || !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(written)) return written;
  const link = element as HTMLAnchorElement;
  const doc = element.ownerDocument.location;
  return doc ? relativeToDocument(link, doc) : link.href;
}

/** The parts of a URL relativeToDocument compares (a link and a Location both have them). */
export interface UrlParts { href: string; origin: string; pathname: string; search: string; hash: string; username?: string; password?: string }

/**
 * `url` relative to the document at `doc` when both share an origin (`#x`, `?q=1`, `/path`), else
 * the whole URL. The link's own URL parts, not the URL class: a page may replace globals.
 */
export function relativeToDocument(url: UrlParts, doc: UrlParts): string {
  if (url.origin === 'null' || url.origin !== doc.origin || url.username || url.password) return url.href;
  if (url.pathname !== doc.pathname) return url.pathname + url.search + url.hash;
  if (url.search !== doc.search) return (url.search || url.pathname) + url.hash;
  return url.hash || url.pathname + url.search;
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
