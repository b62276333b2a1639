// Reuse, within one pass, of the names ancestors' computations already worked out (accname 2F).
// The tree walk names a row, then each of its cells, then the links and buttons inside them: each
// name from content walks the same subtrees again. What an element contributes to an ancestor's name
// depends only on its own subtree (DOM, styles, roles, hiddenness) as long as no step looked outside
// it: aria-labelledby, aria-owns, <label>/<legend>/<caption> label elements, embedded control values
// (2C). Those steps follow references, and make "each node contributes once" depend on the order of
// the walk. They bump a counter (traversal.ts); a contribution is recorded only within computations
// that followed none.
import { inAriaPass, passCache } from '../../dom/pass-cache';
import { type Traversal, followedNothing } from './traversal';

/**
 * What a step produced for an element: its text, and whether that text is the element's rendered
 * content (2F) rather than an attribute-like source (aria-label, alt, a value, a title...).
 */
export interface Alternative { text: string; fromContent: boolean }

const recorded = passCache<Element, Alternative>();

/**
 * Records the content an element contributed to an ancestor's name (2F.iii), when the computation so
 * far followed no reference: then it depends on the element's subtree alone.
 */
export function recordContribution(element: Element, t: Traversal, alternative: Alternative): void {
  if (alternative.fromContent && t.recursing && !t.isLabelSource && !t.inReference && !t.includeHidden
    && followedNothing(t) && inAriaPass()) recorded.set(element, alternative);
}

/**
 * Non-blank content the element contributed to an ancestor's name. For a visible element whose role
 * is named from content this is also its own name: as the root it takes the same steps 2B–2F (2C,
 * skipped for the root, gave nothing for it either, or a reference was followed and nothing was
 * recorded), and its children are named the same way.
 */
export function recordedContent(element: Element): Alternative | undefined {
  if (!inAriaPass()) return undefined;
  const alternative = recorded.get(element);
  return alternative && alternative.text.trim() ? alternative : undefined;
}
