// accname step 2F: name from content — CSS generated content, flat-tree children (shadow roots,
// slots with their assigned nodes or fallback content), aria-owns, and inline/block spacing.
import { cached, passCache } from './cache';
import { elementTag, getElementComputedStyle, getIdRefs } from './dom-utils';

// Per-pass memo of what 2F reads from styles: names of nested content are recomputed for every
// ancestor being named, and live computed-style reads are the expensive part.
const displayCache = passCache<Element, string>();
const beforeBoxCache = passCache<Element, PseudoBox>();
const afterBoxCache = passCache<Element, PseudoBox>();
let pseudoSupport: boolean | undefined;

/** Child nodes as rendered: a shadow root's children, a slot's assigned nodes (or its fallback), else the DOM children. */
export function flatTreeChildNodes(element: Element): Node[] {
  const shadow = (element as HTMLElement).shadowRoot;
  return assignedNodesOfSlot(element) ?? Array.from((shadow ?? element).childNodes);
}

/**
 * Builds the content text of `element` (2F.i–2F.iv): ::before, each child's text alternative
 * (block-level children separated by spaces), owned elements, ::after.
 */
export function nameFromContent(element: Element, childText: (child: Node) => string): string {
  let text = pseudoText(element, '::before');
  const slotted = assignedNodesOfSlot(element);
  if (slotted) {
    for (const child of slotted) text += spaced(child, childText(child));
  } else {
    const parent: ParentNode = (element as HTMLElement).shadowRoot ?? element;
    for (let child = parent.firstChild; child; child = child.nextSibling) text += spaced(child, childText(child));
  }
  // aria-owns re-parents elements: they are children for the accessibility tree (2F.iii). They are not
  // laid out next to the owner's text, so they never glue onto it.
  if (element.hasAttribute('aria-owns')) {
    for (const owned of getIdRefs(element, 'aria-owns')) {
      if (owned.parentNode !== element) text += ` ${childText(owned)} `;
    }
  }
  return text + pseudoText(element, '::after');
}

/** A slot's assigned nodes when it has some (its own children are then unused fallback), else undefined. */
function assignedNodesOfSlot(element: Element): Node[] | undefined {
  if (elementTag(element) !== 'slot' || typeof (element as HTMLSlotElement).assignedNodes !== 'function') return undefined;
  const assigned = (element as HTMLSlotElement).assignedNodes();
  return assigned.length ? assigned : undefined;
}

/**
 * Block-level boxes (and <br>) separate words even without white space in the source (2F.iii, CSS display).
 * Even an element contributing no text separates its neighbours when it is a box of its own
 * ("foo<input>baz" names "foo baz" when the input is the node being named).
 */
function spaced(node: Node, text: string): string {
  if (node.nodeType !== 1 /* ELEMENT_NODE */) return text;
  const element = node as Element;
  if (elementTag(element) === 'br') return ` ${text} `;
  const display = displayOf(element);
  return isInlineDisplay(display) || display === 'none' ? text : ` ${text} `;
}

function displayOf(element: Element): string {
  return cached(displayCache, element, () => getElementComputedStyle(element)?.display || 'inline');
}

/** Only inline boxes run on with their neighbours; display:contents still separates words (Chromium). */
function isInlineDisplay(display: string): boolean {
  return display === 'inline';
}

/** Text of a ::before/::after box as the name sees it: block-level generated boxes are set apart by spaces. */
function pseudoText(element: Element, pseudo: '::before' | '::after'): string {
  const box = pseudoBox(element, pseudo);
  if (!box.text) return '';
  return box.inline ? box.text : ` ${box.text} `;
}

/**
 * Text of an element's ::before/::after generated content ('' when there is none), using the CSS
 * alternative text (`content: "x" / "alt"`) when given. Cached per pass; the tree walk may use it too.
 */
export function getPseudoElementText(element: Element, pseudo: '::before' | '::after'): string {
  return pseudoBox(element, pseudo).text;
}

interface PseudoBox { text: string; inline: boolean }
const noBox: PseudoBox = { text: '', inline: true };

function pseudoBox(element: Element, pseudo: '::before' | '::after'): PseudoBox {
  if (!pseudoStylesSupported(element)) return noBox;
  return cached(pseudo === '::before' ? beforeBoxCache : afterBoxCache, element, () => computePseudoBox(element, pseudo));
}

function computePseudoBox(element: Element, pseudo: '::before' | '::after'): PseudoBox {
  const style = getElementComputedStyle(element, pseudo);
  if (!style) return noBox;
  // Most elements have no generated content: read `content` first and stop there.
  const text = cssContentText(style.content, element);
  if (!text) return noBox;
  const display = style.display || 'inline';
  if (display === 'none') return noBox;
  return { text, inline: isInlineDisplay(display) };
}

/** jsdom cannot compute pseudo-element styles and reports every attempt on the console: skip them there. */
function pseudoStylesSupported(element: Element): boolean {
  if (pseudoSupport === undefined) {
    const userAgent = element.ownerDocument.defaultView?.navigator?.userAgent ?? '';
    pseudoSupport = !userAgent.includes('jsdom');
  }
  return pseudoSupport;
}

/** Resolves a computed `content` value to text: strings and attr() are kept, images/counters/quotes dropped. */
export function cssContentText(content: string | undefined, element: Element): string {
  if (!content || content === 'none' || content === 'normal') return '';
  const tokens = tokenizeContent(content);
  const slash = tokens.findIndex(token => token.kind === 'slash');
  const used = slash >= 0 ? tokens.slice(slash + 1) : tokens;
  let text = '';
  for (const token of used) {
    if (token.kind === 'string') text += token.value;
    else if (token.kind === 'attr') text += element.getAttribute(token.value) ?? '';
  }
  return text;
}

type ContentToken = { kind: 'string' | 'attr' | 'other' | 'slash'; value: string };

function tokenizeContent(content: string): ContentToken[] {
  const tokens: ContentToken[] = [];
  let i = 0;
  while (i < content.length) {
    const ch = content[i];
    if (ch === '"' || ch === '\'') {
      const [value, next] = readCssString(content, i);
      tokens.push({ kind: 'string', value });
      i = next;
    } else if (ch === '/') {
      tokens.push({ kind: 'slash', value: '/' });
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      const match = /^([-\w]+)(\(([^)]*)\))?/.exec(content.slice(i));
      if (!match) { i++; continue; }
      if (match[1] === 'attr' && match[3] !== undefined)
        tokens.push({ kind: 'attr', value: match[3].trim().split(/\s+/)[0] });
      else tokens.push({ kind: 'other', value: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

/** Reads a quoted CSS string starting at `start`; returns its value and the index after the closing quote. */
function readCssString(text: string, start: number): [string, number] {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\') {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(i + 1));
      if (hex) {
        const code = parseInt(hex[0], 16);
        value += code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
        i += 1 + hex[0].length;
      } else {
        value += text[i + 1] ?? '';
        i += 2;
      }
      continue;
    }
    value += text[i++];
  }
  return [value, i + 1];
}
