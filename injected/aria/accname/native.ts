// accname step 2E: host-language (HTML-AAM / SVG-AAM) text alternatives.
import { cached, inAriaPass, passCache } from '../../dom/pass-cache';
import { elementTag, enclosingShadowRootOrDocument } from '../../dom/composed-tree';
import type { Traversal } from './traversal';

/** Computes the text alternative of a node inside a label-like traversal (passed in by steps.ts). */
export type LabelTextFn = (labelElement: Element, t: Traversal) => string;

const textInputTypes = new Set(['text', 'password', 'search', 'tel', 'url', 'email', 'number', '']);
const labelableTags = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);

/** An <input> whose value is free text (HTML-AAM "textbox" inputs). */
function isTextInput(element: Element): element is HTMLInputElement {
  if (elementTag(element) !== 'input') return false;
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  return textInputTypes.has(type) || !knownInputTypes.has(type);
}

const knownInputTypes = new Set([
  'button', 'checkbox', 'color', 'date', 'datetime-local', 'email', 'file', 'hidden', 'image', 'month', 'number',
  'password', 'radio', 'range', 'reset', 'search', 'submit', 'tel', 'text', 'time', 'url', 'week',
]);

function inputType(element: Element): string {
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  return knownInputTypes.has(type) ? type : 'text';
}

const labelIndexCache = passCache<Node, Map<Element, HTMLLabelElement[]>>();

/**
 * Labels of a labelable element in document order. Within a pass, every <label> of the tree scope is
 * indexed once (one querySelectorAll per scope instead of one `.labels` walk per control).
 */
function labelsOf(element: Element): HTMLLabelElement[] {
  if (!labelableTags.has(elementTag(element))) return [];
  if (!inAriaPass()) return Array.from((element as HTMLInputElement).labels ?? []);
  // Without an id only enclosing labels can point at the element: no need to index the whole scope.
  if (!element.id) return enclosingLabelsOf(element);
  const scope = enclosingShadowRootOrDocument(element);
  if (!scope) return [];
  const index = cached(labelIndexCache, scope, () => {
    const map = new Map<Element, HTMLLabelElement[]>();
    for (const label of Array.from(scope.querySelectorAll('label'))) {
      const control = (label as HTMLLabelElement).control;
      if (!control) continue;
      const list = map.get(control);
      if (list) list.push(label as HTMLLabelElement);
      else map.set(control, [label as HTMLLabelElement]);
    }
    return map;
  });
  return index.get(element) ?? [];
}

/** <label> ancestors (same tree scope) whose labeled control is `element`, outermost first. */
function enclosingLabelsOf(element: Element): HTMLLabelElement[] {
  const result: HTMLLabelElement[] = [];
  for (let label = element.parentElement?.closest('label'); label; label = label.parentElement?.closest('label')) {
    if ((label as HTMLLabelElement).control === element) result.unshift(label as HTMLLabelElement);
  }
  return result;
}

function firstChildWithTag(element: Element, tag: string): Element | undefined {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling)
    if (elementTag(child) === tag) return child;
  return undefined;
}

function nonEmptyAttribute(element: Element, name: string): string {
  const value = element.getAttribute(name);
  return value && value.trim() ? value : '';
}

/**
 * Step 2E: the text alternative the host language provides, or '' to continue with 2F/2I.
 * `labelText` computes the content of label-like elements (label, legend, caption, figcaption).
 */
export function hostLanguageTextAlternative(element: Element, t: Traversal, labelText: LabelTextFn): string {
  if (element.namespaceURI === 'http://www.w3.org/2000/svg') return svgTitle(element);
  const tag = elementTag(element);
  if (tag === 'input') return inputAlternative(element as HTMLInputElement, t, labelText);
  if (labelableTags.has(tag)) {
    const fromLabels = labelsText(element, t, labelText);
    if (fromLabels) return fromLabels;
    if (tag === 'textarea' && !element.getAttribute('title')) return placeholderOf(element);
    return '';
  }
  if (tag === 'fieldset') return childLabelText(element, 'legend', t, labelText);
  if (tag === 'table') return childLabelText(element, 'caption', t, labelText) || nonEmptyAttribute(element, 'summary');
  if (tag === 'figure') return childLabelText(element, 'figcaption', t, labelText);
  if (tag === 'img' || tag === 'area') return element.getAttribute('alt') ?? '';
  if (tag === 'optgroup') return element.getAttribute('label') ?? '';
  if (tag === 'option') return nonEmptyAttribute(element, 'label');
  // Non-native textboxes: aria-placeholder plays the role of the placeholder attribute, after the title.
  if (textboxRoles.has(t.roleOf(element) ?? '') && !element.getAttribute('title')) return nonEmptyAttribute(element, 'aria-placeholder');
  return '';
}

/** Roles whose hint text (aria-placeholder) names them when nothing else does. */
const textboxRoles = new Set(['textbox', 'searchbox', 'combobox']);

/** html-aam last resort of text fields: the placeholder, else aria-placeholder (the same hint, said in ARIA). */
function placeholderOf(element: Element): string {
  return nonEmptyAttribute(element, 'placeholder') || nonEmptyAttribute(element, 'aria-placeholder');
}

/**
 * Whether step 2E ends the computation even when it produced nothing: a <figure> with a <figcaption> is
 * named by that caption alone, neither by its other content nor by its title (Chromium).
 */
export function hostLanguageAlternativeIsFinal(element: Element): boolean {
  return element.namespaceURI === 'http://www.w3.org/1999/xhtml' && elementTag(element) === 'figure'
    && !!firstChildWithTag(element, 'figcaption');
}

function inputAlternative(input: HTMLInputElement, t: Traversal, labelText: LabelTextFn): string {
  const type = inputType(input);
  if (type === 'hidden') return '';
  const fromLabels = labelsText(input, t, labelText);
  // html-aam "input type=button, submit, reset": 3. associated <label> elements, 4. the value,
  // 5. the default label (Submit, Reset); the title comes after them (2I).
  if (type === 'button' || type === 'submit' || type === 'reset') {
    if (fromLabels) return fromLabels;
    const value = input.getAttribute('value');
    if (value && value.trim()) return value;
    if (type === 'submit') return 'Submit';
    if (type === 'reset') return 'Reset';
    return '';
  }
  if (fromLabels) return fromLabels;
  if (type === 'image') {
    const alt = input.getAttribute('alt');
    if (alt && alt.trim()) return alt;
    const value = input.getAttribute('value');
    if (value && value.trim()) return value;
    return input.getAttribute('title') ? '' : 'Submit';
  }
  // html-aam: title wins over placeholder (2I takes the title when nothing else named the field).
  if (isTextInput(input) && !input.getAttribute('title')) return placeholderOf(input);
  return '';
}

function labelsText(element: Element, t: Traversal, labelText: LabelTextFn): string {
  const labels = labelsOf(element);
  if (!labels.length) return '';
  return labels.map(label => labelText(label, t)).filter(Boolean).join(' ');
}

function childLabelText(element: Element, tag: string, t: Traversal, labelText: LabelTextFn): string {
  const child = firstChildWithTag(element, tag);
  return child ? labelText(child, t) : '';
}

/** SVG-AAM: the first direct <title> child. */
function svgTitle(element: Element): string {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'title' && child.namespaceURI === 'http://www.w3.org/2000/svg')
      return child.textContent ?? '';
  }
  return '';
}
