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
  /** The elements the steps match inside the scope, in document order. */
  matches: Element[];
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

/** The role a getByRole locator would use for `element`, or null when it has none worth naming. */
function roleOf(element: Element): string | null {
  const role = getAriaRole(element);
  return role && role !== 'generic' && role !== 'none' && role !== 'presentation' ? role : null;
}

function byRole(element: Element, within: Element[], exact: boolean): Candidate | null {
  const role = roleOf(element);
  if (!role) return null;
  const name = normalize(getElementAccessibleName(element));
  const wanted = exact ? name : name.toLowerCase();
  const matches = within.filter(other => {
    if (roleOf(other) !== role || isElementHiddenForAria(other)) return false;
    if (!name) return true;
    const otherName = normalize(getElementAccessibleName(other));
    return exact ? otherName === wanted : otherName.toLowerCase().includes(wanted);
  });
  const step: LocatorStep = name ? { kind: 'role', role, name, ...(exact ? { exact: true } : {}) } : { kind: 'role', role };
  return { steps: [step], matches };
}

function byTestId(element: Element, within: Element[], attribute: string): Candidate | null {
  const value = element.getAttribute(attribute);
  if (!value) return null;
  return { steps: [{ kind: 'testId', value }], matches: within.filter(other => other.getAttribute(attribute) === value) };
}

/** getByTitle: the title attribute as a case-insensitive substring, or exactly. */
function byTitle(element: Element, within: Element[], exact: boolean): Candidate | null {
  const title = normalize(element.getAttribute('title') ?? '');
  if (!title) return null;
  const matches = within.filter(other => {
    const text = normalize(other.getAttribute('title') ?? '');
    return exact ? text === title : text.toLowerCase().includes(title.toLowerCase());
  });
  return { steps: [{ kind: 'title', title, ...(exact ? { exact: true } : {}) }], matches };
}

/** The first candidate that matches `element` alone inside `scope`, or null. */
function uniqueIn(element: Element, scope: Element | Document, testIdAttribute: string): Candidate | null {
  const within = elementsUnder(scope);
  const candidates = [byRole(element, within, false), byRole(element, within, true), byTestId(element, within, testIdAttribute), byTitle(element, within, false), byTitle(element, within, true)];
  for (const candidate of candidates)
    if (candidate && candidate.matches.length === 1 && candidate.matches[0] === element) return candidate;
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
  const direct = uniqueIn(element, doc, testIdAttribute);
  if (direct) return direct.steps;
  // Scoped by the nearest ancestor that has a unique locator, and is unique within it.
  let ancestor = parentElementOrShadowHost(element);
  for (let tried = 0; ancestor && tried < MAX_SCOPE_ANCESTORS; tried++, ancestor = parentElementOrShadowHost(ancestor)) {
    const outer = uniqueIn(ancestor, doc, testIdAttribute);
    if (!outer) continue;
    const inner = uniqueIn(element, ancestor, testIdAttribute);
    if (inner) return [...outer.steps, ...inner.steps];
  }
  // Equals that nothing tells apart: the index among what the role locator matches.
  const own = byRole(element, elementsUnder(doc), false);
  if (own) {
    const index = own.matches.indexOf(element);
    if (index >= 0) return [...own.steps, { kind: 'nth', index }];
  }
  return [{ kind: 'css', selector: cssPath(element) }];
}

/**
 * A CSS selector for an element with no role: its tag alone when no other element on the page
 * has it (`iframe`, as a person writes it and Playwright MCP records it), else a path by tag and
 * position: `main > div:nth-of-type(2) > span`.
 */
function cssPath(element: Element): string {
  const tag = element.localName;
  if (elementsUnder(element.ownerDocument).filter(other => other.localName === tag).length === 1) return tag;
  const parts: string[] = [];
  for (let node: Element | null = element; node && node.parentElement; node = node.parentElement) {
    if (node.id && /^[A-Za-z][\w-]*$/.test(node.id)) { parts.unshift(`#${node.id}`); return parts.join(' > '); }
    const tag = node.localName;
    const sameTag = Array.from(node.parentElement.children).filter(child => child.localName === tag);
    parts.unshift(sameTag.length > 1 ? `${tag}:nth-of-type(${sameTag.indexOf(node) + 1})` : tag);
  }
  return parts.join(' > ');
}
