// CSS generated content (::before/::after) in the snapshot text, paid for only where it can exist.
// Reading a pseudo-element's computed style makes Chromium resolve that style on the spot (cost
// grows with DOM depth), so the walk asks only for elements matching a rule that sets `content`
// on a ::before/::after selector in the style sheets of their tree scopes.
import { inAriaPass, passCache } from './pass-cache';
import { getElementComputedStyle } from './style';
import { cssContentText } from './css-content';
import { shadowRootOf } from './closed-shadow';

const pseudoSelector = /:(?::)?(?:before|after)\b/i;
/** Matches every element: used when a sheet cannot be read or a selector cannot be narrowed. */
const everything = '*';

/**
 * Elements of this tree scope that may get ::before/::after text, as one selector list: the rules
 * setting `content` on a ::before/::after selector, with the pseudo-element cut off. '' when none.
 */
export function pseudoContentSelector(scope: Document | ShadowRoot): string {
  const sheets: CSSStyleSheet[] = [];
  try {
    for (let i = 0; i < scope.styleSheets.length; i++) sheets.push(scope.styleSheets[i]);
    const adopted = (scope as { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets;
    if (adopted) for (const sheet of adopted) sheets.push(sheet);
  } catch {
    return everything;
  }
  const selectors: string[] = [];
  // Explicit stack: @media/@supports/@layer/@import and CSS nesting nest rule lists.
  const pending: CSSRuleList[] = [];
  for (const sheet of sheets) {
    try {
      pending.push(sheet.cssRules);
    } catch {
      return everything; // a cross-origin sheet cannot be read: assume it has generated content
    }
  }
  while (pending.length) {
    const rules = pending.pop()!;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i] as CSSRule & { selectorText?: string; style?: CSSStyleDeclaration; cssRules?: CSSRuleList; styleSheet?: CSSStyleSheet };
      if (rule.selectorText !== undefined && rule.style && pseudoSelector.test(rule.selectorText) && rule.style.getPropertyValue('content')) {
        const base = originatingSelector(rule.selectorText);
        if (base === everything) return everything;
        selectors.push(base);
      }
      if (rule.cssRules) pending.push(rule.cssRules);
      if (rule.styleSheet) {
        try {
          pending.push(rule.styleSheet.cssRules);
        } catch {
          return everything;
        }
      }
    }
  }
  return selectors.join(', ');
}

/**
 * The selector of the elements whose pseudo-elements a selector list styles: `.badge::before, a:after`
 * becomes `.badge, a`. Anything it cannot narrow safely (nesting `&`, pseudo-elements mid-selector)
 * becomes `*`.
 */
function originatingSelector(selectorText: string): string {
  if (selectorText.includes('&')) return everything;
  const parts: string[] = [];
  for (const part of splitTopLevel(selectorText)) {
    if (!pseudoSelector.test(part)) continue;
    const base = part.replace(/:(?::)?(?:before|after)\s*$/i, '').trim();
    if (!base || pseudoSelector.test(base) || /[>+~]$/.test(base)) return everything;
    parts.push(base);
  }
  return parts.length ? parts.join(', ') : everything;
}

/** Splits a selector list at the commas that are not inside parentheses or brackets. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) { parts.push(list.slice(start, i)); start = i + 1; }
  }
  parts.push(list.slice(start));
  return parts;
}

/** Whether the element may have ::before/::after text, given its scopes' selector ('' = none). */
export function mayHavePseudoContent(element: Element, selector: string): boolean {
  if (!selector) return false;
  if (selector === everything) return true;
  try {
    return element.matches(selector);
  } catch {
    return true;
  }
}

const documentSelectorCache = passCache<Document, string>();

/**
 * For the name computation (accname 2F), within a pass: false when no style sheet can give the element
 * ::before/::after content, so its pseudo-element styles need not be resolved. Only elements of the
 * document's own tree scope are narrowed, by the document's sheets: shadow trees' sheets also style
 * their host (`:host::before`) and its children (`::slotted(x)::before`), and elements inside shadow
 * trees are styled by their scopes' sheets and by `::part()`; all of those are asked. The UA sheet's
 * only generated content is <q>'s quotes, which `cssContentText` does not read. Closed shadow roots
 * the runtime kept (closed-shadow.ts) count like open ones.
 */
export function mayHaveGeneratedContent(element: Element): boolean {
  if (!inAriaPass()) return true;
  const doc = element.ownerDocument;
  if (!doc || shadowRootOf(element) || element.getRootNode() !== doc) return true;
  const parent = element.parentElement;
  if (parent && shadowRootOf(parent)) return true;
  let selector = documentSelectorCache.get(doc);
  if (selector === undefined) {
    selector = pseudoContentSelector(doc);
    documentSelectorCache.set(doc, selector);
  }
  return mayHavePseudoContent(element, selector);
}

/** Union of two selector lists ('' = none). */
export function unionSelectors(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  if (a === everything || b === everything) return everything;
  return `${a}, ${b}`;
}

/** Text of the element's ::before or ::after box ('' when none). */
export function pseudoText(element: Element, pseudo: '::before' | '::after'): string {
  const style = getElementComputedStyle(element, pseudo);
  if (!style || style.display === 'none') return '';
  return cssContentText(style.content, element);
}
