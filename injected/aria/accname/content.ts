// accname step 2F: name from content — CSS generated content, flat-tree children (shadow roots,
// slots with their assigned nodes or fallback content), aria-owns, and inline/block spacing.
import { inAriaPass, passCache } from '../../dom/pass-cache';
import { computedDisplay, getElementComputedStyle } from '../../dom/style';
import { elementTag, getIdRefs } from '../../dom/composed-tree';
import { shadowRootOf } from '../../dom/closed-shadow';
import { cssContentText } from '../../dom/css-content';
import { markFollowed } from './traversal';
import { mayHaveGeneratedContent } from '../../dom/generated-content';

// Per-pass memo of what 2F reads from styles: names of nested content are recomputed for every
// ancestor being named, and live computed-style reads are the expensive part.
const pseudoCache = passCache<Element, PseudoBoxes>();
let pseudoSupport: boolean | undefined;

/**
 * Builds the content text of `element` (2F.i–2F.iv): ::before, each child's text alternative
 * (block-level children separated by spaces), owned elements, ::after.
 */
export function nameFromContent<T>(element: Element, childText: (child: Node, context: T) => string, context: T): string {
  const pseudo = pseudoBoxes(element);
  let text = pseudoText(pseudo.before);
  const slotted = assignedNodesOfSlot(element);
  if (slotted) {
    for (const child of slotted) text += spaced(child, childText(child, context));
  } else {
    const parent: ParentNode = shadowRootOf(element) ?? element;
    for (let child = parent.firstChild; child; child = child.nextSibling) text += spaced(child, childText(child, context));
  }
  // aria-owns re-parents elements: they are children for the accessibility tree (2F.iii). They are not
  // laid out next to the owner's text, so they never glue onto it.
  if (element.hasAttribute('aria-owns')) {
    markFollowed();
    for (const owned of getIdRefs(element, 'aria-owns')) {
      if (owned.parentNode !== element) text += ` ${childText(owned, context)} `;
    }
  }
  return text + pseudoText(pseudo.after);
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
  return computedDisplay(element) || 'inline';
}

/** Only inline boxes run on with their neighbours; display:contents still separates words (Chromium). */
function isInlineDisplay(display: string): boolean {
  return display === 'inline';
}

/** Text of a ::before/::after box as the name sees it: block-level generated boxes are set apart by spaces. */
function pseudoText(box: PseudoBox): string {
  if (!box.text) return '';
  return box.inline ? box.text : ` ${box.text} `;
}

interface PseudoBox { text: string; inline: boolean }
interface PseudoBoxes { before: PseudoBox; after: PseudoBox }
const noBox: PseudoBox = { text: '', inline: true };
const noBoxes: PseudoBoxes = { before: noBox, after: noBox };

/**
 * The element's ::before and ::after text (using the CSS alternative text of `content: "x" / "alt"`),
 * cached per pass. Resolving a pseudo-element's style is costly, so elements that no style sheet
 * can give generated content are not asked (dom/generated-content.ts).
 */
function pseudoBoxes(element: Element): PseudoBoxes {
  if (!pseudoStylesSupported(element)) return noBoxes;
  let boxes = pseudoCache.get(element);
  if (boxes) return boxes;
  boxes = noBoxes;
  if (mayHaveGeneratedContent(element)) {
    const before = computePseudoBox(element, '::before');
    const after = computePseudoBox(element, '::after');
    if (before !== noBox || after !== noBox) boxes = { before, after };
  }
  if (inAriaPass()) pseudoCache.set(element, boxes);
  return boxes;
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
