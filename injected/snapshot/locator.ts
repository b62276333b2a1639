// A Playwright locator for an element that is unique on the page right now, for the code an
// action response shows ("### Ran Playwright code") and for tests written from a session. Tried
// in the order a person would write one: role and name (getByRole matches the name as a
// case-insensitive substring), the exact name, the test id, the title (an iframe has no role
// getByRole takes), then the same scoped by the nearest
// ancestor that has a unique locator of its own, and an index among equals as the last resort.
// The matching mirrors Playwright's getByRole: elements hidden from the accessibility tree do
// not count.
import type { LocatorStep } from '../types';
import { getAriaRole } from '../aria/roles';
import { getElementAccessibleName } from '../aria/accname/name';
import { isElementHiddenForAria } from '../aria/hidden';
import { parentElementOrShadowHost } from '../dom/composed-tree';
import { shadowRootOf } from '../dom/closed-shadow';

/** Ancestors tried as a scope before falling back to an index. */
const MAX_SCOPE_ANCESTORS = 10;

interface Candidate {
  steps: LocatorStep[];
  /** Whether the steps match `element` and nothing else inside the scope. */
  unique: boolean;
}

/**
 * The elements of one locator computation: the document's list is walked once and shared by
 * every scope and candidate tried (a large page has thousands; names and roles are cached for
 * the pass by their own modules).
 */
interface Scopes {
  doc: Document;
  all?: Element[];
}

function elementsOf(scopes: Scopes, scope: Element | Document): Element[] {
  if (scope !== scopes.doc) return elementsUnder(scope);
  return scopes.all ??= elementsUnder(scope);
}

/** Playwright's name normalization: whitespace runs become one space, ends trimmed. */
function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Every element below `scope`, open shadow roots included, in document order. */
function elementsUnder(scope: Element | Document): Element[] {
  const out: Element[] = [];
  const stack: Array<Element | ShadowRoot | Document> = [scope];
  while (stack.length) {
    const node = stack.pop()!;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    if (node instanceof Element) {
      if (node !== scope) out.push(node);
      const shadow = shadowRootOf(node);
      if (shadow) stack.push(shadow);
    }
  }
  return out;
}

/**
 * Whether `element` is the only one of `within` that `matches`: the scan stops at the second
 * match, so a common name costs a few elements, not the page.
 */
function onlyMatch(element: Element, within: Element[], matches: (other: Element) => boolean): boolean {
  let found = false;
  for (const other of within) {
    if (!matches(other)) continue;
    if (found || other !== element) return false;
    found = true;
  }
  return found;
}

/** The role a getByRole locator would use for `element`, or null when it has none worth naming. */
function roleOf(element: Element): string | null {
  const role = getAriaRole(element);
  return role && role !== 'generic' && role !== 'none' && role !== 'presentation' ? role : null;
}

/** getByRole's match: the role, not hidden, and the name as a case-insensitive substring or exactly. */
function roleMatcher(role: string, name: string, exact: boolean): (other: Element) => boolean {
  const wanted = exact ? name : name.toLowerCase();
  return other => {
    if (roleOf(other) !== role || isElementHiddenForAria(other)) return false;
    if (!name) return true;
    const otherName = normalize(getElementAccessibleName(other));
    return exact ? otherName === wanted : otherName.toLowerCase().includes(wanted);
  };
}

function roleStep(role: string, name: string, exact: boolean): LocatorStep {
  return name ? { kind: 'role', role, name, ...(exact ? { exact: true } : {}) } : { kind: 'role', role };
}

/** getByTitle: the title attribute as a case-insensitive substring, or exactly. */
function titleMatcher(title: string, exact: boolean): (other: Element) => boolean {
  const lower = title.toLowerCase();
  return other => {
    const text = normalize(other.getAttribute('title') ?? '');
    return exact ? text === title : text.toLowerCase().includes(lower);
  };
}

/**
 * The first locator that matches `element` alone inside `scope`, tried one at a time in the
 * order a person would write one (the rest are never computed), or null.
 */
function uniqueIn(element: Element, scope: Element | Document, testIdAttribute: string, scopes: Scopes): LocatorStep[] | null {
  const within = elementsOf(scopes, scope);
  const role = roleOf(element);
  if (role) {
    const name = normalize(getElementAccessibleName(element));
    if (onlyMatch(element, within, roleMatcher(role, name, false))) return [roleStep(role, name, false)];
    // Without a name, exact matching is the same test again.
    if (name && onlyMatch(element, within, roleMatcher(role, name, true))) return [roleStep(role, name, true)];
  }
  const testId = element.getAttribute(testIdAttribute);
  if (testId && onlyMatch(element, within, other => other.getAttribute(testIdAttribute) === testId))
    return [{ kind: 'testId', value: testId }];
  const title = normalize(element.getAttribute('title') ?? '');
  if (title) {
    if (onlyMatch(element, within, titleMatcher(title, false))) return [{ kind: 'title', title }];
    if (onlyMatch(element, within, titleMatcher(title, true))) return [{ kind: 'title', title, exact: true }];
  }
  return null;
}

/**
 * Steps of a locator that matches `element` alone, from the page's top (or its frame's):
 * `[{kind:'role', role:'button', name:'Save'}]`, or scoped:
 * `[{kind:'role', role:'dialog', name:'Cookies'}, {kind:'role', role:'button', name:'Accept'}]`,
 * or with an index among equals: `[..., {kind:'nth', index: 2}]`.
 */
export function locatorSteps(element: Element, testIdAttribute = 'data-testid'): LocatorStep[] {
  const doc = element.ownerDocument;
  const scopes: Scopes = { doc };
  const direct = uniqueIn(element, doc, testIdAttribute, scopes);
  if (direct) return direct;
  // Scoped by the nearest ancestor that has a unique locator, and is unique within it.
  let ancestor = parentElementOrShadowHost(element);
  for (let tried = 0; ancestor && tried < MAX_SCOPE_ANCESTORS; tried++, ancestor = parentElementOrShadowHost(ancestor)) {
    const outer = uniqueIn(ancestor, doc, testIdAttribute, scopes);
    if (!outer) continue;
    const inner = uniqueIn(element, ancestor, testIdAttribute, scopes);
    if (inner) return [...outer, ...inner];
  }
  // Equals that nothing tells apart: the index among what the role locator matches.
  const role = roleOf(element);
  if (role) {
    const name = normalize(getElementAccessibleName(element));
    const index = elementsOf(scopes, doc).filter(roleMatcher(role, name, false)).indexOf(element);
    if (index >= 0) return [roleStep(role, name, false), { kind: 'nth', index }];
  }
  return [{ kind: 'css', selector: cssPath(element, elementsOf(scopes, doc)) }];
}

/**
 * A CSS selector for an element with no role: its tag alone when no other element on the page
 * has it (`iframe`, as a person writes it and Playwright MCP records it), else a path by tag and
 * position: `main > div:nth-of-type(2) > span`.
 */
function cssPath(element: Element, all: Element[]): string {
  const tag = element.localName;
  if (onlyMatch(element, all, other => other.localName === tag)) return tag;
  const parts: string[] = [];
  for (let node: Element | null = element; node && node.parentElement; node = node.parentElement) {
    if (node.id && /^[A-Za-z][\w-]*$/.test(node.id)) { parts.unshift(`#${node.id}`); return parts.join(' > '); }
    const tag = node.localName;
    const sameTag = Array.from(node.parentElement.children).filter(child => child.localName === tag);
    parts.unshift(sameTag.length > 1 ? `${tag}:nth-of-type(${sameTag.indexOf(node) + 1})` : tag);
  }
  return parts.join(' > ');
}
