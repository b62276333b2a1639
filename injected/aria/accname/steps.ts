// Accessible name and description: W3C accname 1.2 "Computation steps", one function per step.
// https://w3c.github.io/accname/#computation-steps
// The role of each node reached comes in as `roleOf` (name.ts passes the role computation): roles
// need names too, and importing each other would make the two modules a cycle.
import { inAriaPass, passCache } from '../../dom/pass-cache';
import { elementTag, getIdRefs } from '../../dom/composed-tree';
import { isElementHiddenForAria, isElementStyleVisibilityVisible, isElementSubtreeHiddenForAria, isUnrenderedButNameable } from '../hidden';
import { type RoleOf, type Traversal, childTraversal, markFollowed, rootTraversal } from './traversal';
import { embeddedControlValue, roleAllowsNameFromContent } from './controls';
import { hostLanguageAlternativeIsFinal, hostLanguageTextAlternative } from './native';
import { nameFromContent } from './content';
import { type Alternative, recordContribution, recordedContent } from './reuse';

interface ComputedName { name: string; fromTooltip: boolean }
const nameCache = passCache<Element, ComputedName>();
const nameCacheWithHidden = passCache<Element, ComputedName>();
const descriptionCache = passCache<Element, string>();
const descriptionCacheWithHidden = passCache<Element, string>();

/** Accessible name (accname 1.2), whitespace-normalised. Hidden elements have no name unless `includeHidden`. */
export function accessibleName(element: Element, includeHidden: boolean, roleOf: RoleOf): string {
  return cachedName(element, includeHidden, roleOf).name;
}

function cachedName(element: Element, includeHidden: boolean, roleOf: RoleOf): ComputedName {
  const cache = includeHidden ? nameCacheWithHidden : nameCache;
  let name = cache.get(element);
  if (name === undefined) {
    name = computeName(element, includeHidden, roleOf);
    if (inAriaPass()) cache.set(element, name);
  }
  return name;
}

/** Accessible description: aria-describedby, else aria-description, else a title not already used as the name. */
export function accessibleDescription(element: Element, includeHidden: boolean, roleOf: RoleOf): string {
  const cache = includeHidden ? descriptionCacheWithHidden : descriptionCache;
  let description = cache.get(element);
  if (description === undefined) {
    description = computeDescription(element, includeHidden, roleOf);
    if (inAriaPass()) cache.set(element, description);
  }
  return description;
}

function computeDescription(element: Element, includeHidden: boolean, roleOf: RoleOf): string {
  if (!includeHidden && isElementHiddenForAria(element)) return '';
  // Step 2B, description branch: the text alternatives of the aria-describedby references.
  const refs = getIdRefs(element, 'aria-describedby');
  if (refs.length) {
    // Referenced nodes of a description do not follow their own references either (2B: no chains).
    const t: Traversal = { ...rootTraversal(element, includeHidden, roleOf), inReference: true };
    const text = normalizeWhiteSpace(refs.map(ref => referencedText(ref, t)).join(' '));
    if (text) return text;
  }
  const ariaDescription = element.getAttribute('aria-description');
  const description = ariaDescription ? normalizeWhiteSpace(ariaDescription) : '';
  if (description) return description;
  // HTML-AAM: the title attribute describes the element when it did not name it. Chromium also drops a
  // title that merely repeats the name (<button title="Save">Save</button>).
  const titleAttribute = element.getAttribute('title');
  const title = titleAttribute ? normalizeWhiteSpace(titleAttribute) : '';
  if (!title) return '';
  const computed = cachedName(element, includeHidden, roleOf);
  return !computed.fromTooltip && title !== computed.name ? title : '';
}

function computeName(element: Element, includeHidden: boolean, roleOf: RoleOf): ComputedName {
  if (!includeHidden && isElementHiddenForAria(element) && isUnrenderedButNameable(element)) return unrenderedName(element, roleOf);
  const named = (!includeHidden && contentNamingRoot(element, roleOf)) || namedWithoutTooltip(element, rootTraversal(element, includeHidden, roleOf));
  if (named !== undefined) {
    // Chromium keeps NBSP at the ends of an author-given aria-label, but trims it from text content.
    const fromAriaLabel = named.text === element.getAttribute('aria-label');
    const name = normalizeWhiteSpace(named.text);
    return { name: fromAriaLabel ? name : name.trim(), fromTooltip: false };
  }
  // Step 2I on the root: the tooltip attribute is the last resort.
  const title = isPresentational(element, roleOf) ? '' : normalizeWhiteSpace(tooltip(element));
  return { name: title, fromTooltip: !!title };
}

/**
 * An element the page does not render (closed dialog...): 2A would give it no name, yet its author
 * name holds. 2B (its references, hidden ones included), 2D aria-label, 2I title; not its content.
 */
function unrenderedName(element: Element, roleOf: RoleOf): ComputedName {
  const t = rootTraversal(element, true, roleOf);
  const text = labelledByText(element, t) || elementAriaLabel(element);
  if (text) return { name: normalizeWhiteSpace(text), fromTooltip: false };
  const title = normalizeWhiteSpace(tooltip(element));
  return { name: title, fromTooltip: !!title };
}

/**
 * The name an ancestor's computation already found for a visible element named from its content
 * (a cell named while naming its row): the element would compute the same as the root.
 */
function contentNamingRoot(element: Element, roleOf: RoleOf): Alternative | undefined {
  const recorded = recordedContent(element);
  if (!recorded || isElementHiddenForAria(element) || !roleAllowsNameFromContent(roleOf(element), false)) return undefined;
  return recorded;
}

const byAttribute = (text: string): Alternative => ({ text, fromContent: false });
const byContent = (text: string): Alternative => ({ text, fromContent: true });

/** The text alternative of any node reached during the computation (the "current node"). */
function textAlternative(node: Node, t: Traversal): string {
  if (node.nodeType === 3 /* TEXT_NODE */) return textNodeText(node, t);
  if (node.nodeType !== 1 /* ELEMENT_NODE */) return '';
  return elementAlternative(node as Element, t).text;
}

/**
 * 2F.iii: a child's contribution to its parent's content. Text an element gets from an attribute is not
 * rendered inline with its neighbours, so it is set apart by spaces (Chromium: "Go<img alt=x>now" is "Go x now").
 */
function childContribution(node: Node, t: Traversal): string {
  if (node.nodeType !== 1 /* ELEMENT_NODE */) return textAlternative(node, t);
  const alternative = elementAlternative(node as Element, t);
  return alternative.fromContent || !alternative.text ? alternative.text : ` ${alternative.text} `;
}

function elementAlternative(element: Element, t: Traversal): Alternative {
  if (t.visited.has(element)) return byContent('');
  // 2I: the tooltip when nothing else named the node.
  const alternative = namedWithoutTooltip(element, t) ?? byAttribute(isPresentational(element, t.roleOf) ? '' : tooltip(element));
  recordContribution(element, t, alternative);
  return alternative;
}

/** role none/presentation: the element's own semantics (host-language labels, its title) are gone. */
function isPresentational(element: Element, roleOf: RoleOf): boolean {
  const role = roleOf(element);
  return role === 'presentation' || role === 'none';
}

/** Steps 2A–2H for an element; undefined when none of them produced text (2I may still apply). */
function namedWithoutTooltip(element: Element, t: Traversal): Alternative | undefined {
  t.visited.add(element);
  // 2A: hidden nodes contribute nothing, unless this traversal started at a hidden referenced/label node.
  // A visibility:hidden descendant still lets its visibility:visible descendants through.
  if (!t.includeHidden && isElementHiddenForAria(element)) {
    if (element === t.root || isElementSubtreeHiddenForAria(element)) return byContent('');
    return byContent(nameFromContent(element, childContribution, childTraversal(t)));
  }
  const role = t.roleOf(element);
  const ariaLabel = elementAriaLabel(element);

  // 2B: aria-labelledby (only when not already following a reference: no chains).
  if (!t.inReference) {
    const labelledBy = labelledByText(element, t);
    if (labelledBy) return byAttribute(labelledBy);
  }

  // 2C: a control embedded in the label of another node contributes its value. The node being named
  // is not embedded in its own label, except when it references itself without an aria-label (Chromium).
  // Outside a label (a cell named from its content holding <input aria-label=x>), the control is
  // named as itself: its aria-label (2D) comes first, as Chromium does.
  const embedded = element !== t.root ? t.inLabel || !ariaLabel : t.inReference && !ariaLabel;
  if (embedded) {
    const value = embeddedControlValue(element, role, option => optionText(option, t));
    if (value !== undefined) {
      markFollowed();
      return byAttribute(value);
    }
  }

  // 2D: aria-label.
  if (ariaLabel) return byAttribute(ariaLabel);

  // 2E: host-language text alternatives (label, alt, legend, caption...), unless presentational.
  if (role !== 'presentation' && role !== 'none') {
    const native = hostLanguageTextAlternative(element, t, labelElementText);
    if (native.trim()) return byAttribute(native);
    if (hostLanguageAlternativeIsFinal(element)) return byAttribute('');
  }

  // 2F/2H: name from content, for roles that allow it, for label sources and for descendants.
  if (t.isLabelSource || roleAllowsNameFromContent(role, t.recursing)) {
    const content = nameFromContent(element, childContribution, childTraversal(t));
    // A descendant made only of white space still separates its neighbours' words.
    if (content.trim() || (t.recursing && content)) return byContent(content);
  }
  return undefined;
}

/** A non-blank aria-label. A <slot> has no box of its own, so its attributes name nothing (it stands for its content). */
function elementAriaLabel(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (!label || elementTag(element) === 'slot') return '';
  return label.trim() ? label : '';
}

/** 2B: the referenced nodes' text alternatives joined by spaces. Hidden references still count. */
function labelledByText(element: Element, t: Traversal): string {
  const refs = getIdRefs(element, 'aria-labelledby');
  if (!refs.length) return '';
  markFollowed();
  const text = refs.map(ref => referencedText(ref, { ...t, inReference: true }, element)).join(' ');
  return text.trim() ? text : '';
}

/** Text of a node referenced by aria-labelledby/-describedby: its subtree's hidden nodes count when it is hidden itself. */
function referencedText(ref: Element, t: Traversal, referrer?: Element): string {
  markFollowed();
  const includeHidden = t.includeHidden || isElementHiddenForAria(ref);
  // A node referencing itself (aria-labelledby="self other", react-aria's row checkboxes) is computed
  // afresh: its aria-label, else its value. This holds for the root and for a descendant reached
  // in name from content alike (accname 2B: "if current node is referenced...").
  if (ref === t.root || ref === referrer) t.visited.delete(ref);
  return textAlternative(ref, { ...t, includeHidden, isLabelSource: true, inLabel: t.inLabel || ref !== referrer, recursing: ref !== t.root });
}

/** 2E helper: the content of a <label>/<legend>/<caption>/<figcaption>, a native text alternative element. */
function labelElementText(label: Element, t: Traversal): string {
  markFollowed();
  if (t.visited.has(label)) return '';
  // Unlike aria-labelledby targets, hidden <label>s (and legends, captions) name nothing (Chromium).
  if (!t.includeHidden && isElementHiddenForAria(label)) return '';
  return textAlternative(label, { ...t, isLabelSource: true, inLabel: true, recursing: true });
}

function optionText(option: Element, t: Traversal): string {
  markFollowed();
  return textAlternative(option, { ...t, isLabelSource: true, recursing: true });
}

/** 2G text nodes: their character data (whitespace is normalised once, at the end). */
function textNodeText(node: Node, t: Traversal): string {
  // Text has no visibility of its own: it is rendered as its parent's style says.
  const parent = node.parentElement;
  if (!t.includeHidden && parent && !isElementStyleVisibilityVisible(parent)) return '';
  return node.nodeValue ?? '';
}

/** Anything `normalizeWhiteSpace` changes: ASCII white space other than lone inner spaces. */
const needsWhiteSpaceNormalization = /[\u0009\u000a\u000c\u000d]|\u0020\u0020|^\u0020|\u0020$/;

/**
 * Whitespace normalisation of the final name: runs of ASCII white space become one space and are trimmed
 * at both ends; other spaces (NBSP) are content and survive, as in Chromium.
 */
function normalizeWhiteSpace(text: string): string {
  if (!needsWhiteSpaceNormalization.test(text)) return text;
  return text.replace(/[\u0020\u0009\u000a\u000c\u000d]+/g, ' ').replace(/^ | $/g, '');
}

/** 2I: the tooltip attribute (HTML title). */
function tooltip(element: Element): string {
  const title = element.getAttribute('title');
  return title && title.trim() ? title : '';
}
