// Which of several texts the document shows now (the driver's text wait), asked of our runtime
// (already in every document we snapshot) instead of Playwright's injected script, which a
// document that only we have read would first have to compile (~20 ms, more under load).
//
// The match follows Playwright's getByText(text) with visible elements only, so the tool means
// what it means in Playwright MCP: an element's text is its text nodes and descendants' text in
// tree order, then its shadow root's (<script>, <style>, <noscript> and <head> say nothing; a
// submit or button <input> says its value); whitespace runs count as one space, case does not
// count. The element that holds an occurrence is the deepest one containing all of it; the text
// is shown when one such element is visible (a box with an area, visibility: visible).
import { shadowRootOf } from '../dom/closed-shadow';
import { parentElementOrShadowHost } from '../dom/composed-tree';
import { computeElementBox, layoutProbe } from '../snapshot/visibility';
import { computedDisplay } from '../dom/style';

const SKIPPED = new Set(['script', 'noscript', 'style']);

/** The document's text as Playwright's text engine reads it, normalized, with where each character came from. */
interface TextIndex {
  /** Lower-cased, each whitespace run one space. */
  text: string;
  /** For each character of `text`: the text node (or input) it came from. */
  sources: Node[];
}

function buildIndex(doc: Document): TextIndex {
  const chars: string[] = [];
  const sources: Node[] = [];
  let lastWasSpace = true;
  const add = (value: string, source: Node) => {
    for (let i = 0; i < value.length; i++) {
      const ch = value[i];
      if (ch === '\u200b') continue;
      if (/\s/.test(ch)) {
        if (lastWasSpace) continue;
        lastWasSpace = true;
        chars.push(' ');
        sources.push(source);
        continue;
      }
      lastWasSpace = false;
      const lower = ch.toLowerCase();
      // A few characters lower-case to two (İ): each piece points at the same source.
      for (let j = 0; j < lower.length; j++) { chars.push(lower[j]); sources.push(source); }
    }
  };
  const head = doc.head;
  // Iterative: a 2,000-deep DOM must not overflow the stack. Each entry is a node whose children
  // come next; a shadow root is visited after its host's light children, as Playwright reads it.
  const stack: Node[] = [];
  const root = doc.body ?? doc.documentElement;
  if (root) stack.push(root);
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === 3 /* TEXT_NODE */) { add((node as Text).data, node); continue; }
    if (node.nodeType === 1 /* ELEMENT_NODE */) {
      const element = node as Element;
      if (SKIPPED.has(element.localName) || element === head) continue;
      const type = element.localName === 'input' ? (element as HTMLInputElement).type : '';
      if (type === 'submit' || type === 'button') { add((element as HTMLInputElement).value, element); continue; }
      const shadow = shadowRootOf(element);
      if (shadow) stack.push(shadow);
    }
    if (node.nodeType !== 1 && node.nodeType !== 11 /* DOCUMENT_FRAGMENT_NODE */) continue;
    const children: Node[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return { text: chars.join(''), sources };
}

function normalizeQuery(text: string): string {
  return text.replace(/\u200b/g, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The element a node belongs to in the composed tree: itself, or its parent (a shadow root's host). */
function elementOf(node: Node): Element | null {
  if (node.nodeType === 1) return node as Element;
  const parent = node.parentNode;
  if (!parent) return null;
  return parent.nodeType === 11 ? (parent as ShadowRoot).host ?? null : parent as Element;
}

/** The deepest element (composed tree) containing every node of `nodes`. */
function commonElement(nodes: Node[]): Element | null {
  let common = elementOf(nodes[0]);
  for (let i = 1; i < nodes.length && common; i++) {
    const other = elementOf(nodes[i]);
    if (!other || other === common) continue;
    const ancestors = new Set<Element>();
    for (let e: Element | null = other; e; e = parentElementOrShadowHost(e)) ancestors.add(e);
    while (common && !ancestors.has(common)) common = parentElementOrShadowHost(common);
  }
  return common;
}

function isShown(element: Element): boolean {
  // checkVisibility() also sees what no box tells: content-visibility: hidden (a closed <details>).
  // An element without a box of its own (display: contents) shows through its children instead.
  const check = (element as Element & { checkVisibility?: () => boolean }).checkVisibility;
  if (typeof check === 'function' && computedDisplay(element) !== 'contents' && !check.call(element)) return false;
  return computeElementBox(element, layoutProbe).visible;
}

/** Whether `query` (normalized) occurs in an element that is shown. */
function occursShown(index: TextIndex, query: string): boolean {
  for (let at = index.text.indexOf(query); at >= 0; at = index.text.indexOf(query, at + 1)) {
    const nodes: Node[] = [];
    for (let i = at; i < at + query.length; i++) {
      const source = index.sources[i];
      if (nodes[nodes.length - 1] !== source) nodes.push(source);
    }
    const holder = commonElement(nodes);
    if (holder && isShown(holder)) return true;
  }
  return false;
}

/** The index in `texts` of the first one the document shows, or -1. An empty text is never shown. */
export function firstTextShown(doc: Document, texts: string[]): number {
  const queries = texts.map(normalizeQuery);
  if (queries.every(query => !query)) return -1;
  const index = buildIndex(doc);
  return queries.findIndex(query => !!query && index.text.includes(query) && occursShown(index, query));
}
