// Shared by the jsdom snapshot tests: a layout probe for a browser without layout, and a runtime.
import { createSnapshotRuntime, type SnapshotRuntime } from '../../injected/snapshot/runtime.js';
import type { BoxRect, VisibilityProbe } from '../../injected/snapshot/visibility.js';

/**
 * jsdom has no layout: every displayed element gets a 10x10 box at (x, y) taken from its
 * `data-box="x,y"` attribute (default 0,0), except elements marked `data-nobox` (zero-size).
 */
export const fakeLayout: VisibilityProbe = {
  rect(element: Element): BoxRect {
    if (element.hasAttribute('data-nobox')) return { x: 0, y: 0, width: 0, height: 0 };
    const [x, y] = (element.getAttribute('data-box') ?? '0,0').split(',').map(Number);
    return { x, y, width: 10.4, height: 10.6 };
  },
  textRect: () => ({ x: 0, y: 0, width: 10, height: 10 }),
};

/** jsdom logs "not implemented" for pseudo-element styles: answer "no generated content" instead. */
export function quietPseudoStyles(win: Window & typeof globalThis): void {
  if ((win.getComputedStyle as any).quiet) return;
  const original = win.getComputedStyle.bind(win);
  const patched = (element: Element, pseudo?: string | null) => {
    if (pseudo) return { content: 'none', display: 'inline' } as unknown as CSSStyleDeclaration;
    return original(element);
  };
  (patched as any).quiet = true;
  win.getComputedStyle = patched as typeof win.getComputedStyle;
}

export function runtimeFor(html: string): SnapshotRuntime {
  quietPseudoStyles(window);
  document.body.innerHTML = html;
  return createSnapshotRuntime(document, 'test-doc', fakeLayout);
}

const inlineTags = new Set(['span', 'a', 'b', 'i', 'em', 'strong', 'label', 'code', 'small']);

/**
 * jsdom's getComputedStyle walks every ancestor on each call, so a 10,000-level DOM takes hours.
 * For depth tests only: computed style from the inline style attribute and tag defaults.
 */
export function inlineOnlyStyles(win: Window & typeof globalThis): () => void {
  const original = win.getComputedStyle;
  win.getComputedStyle = ((element: Element, pseudo?: string | null) => {
    if (pseudo) return { content: 'none', display: 'inline' };
    const inline = (element as HTMLElement).style;
    return {
      display: inline?.display || (inlineTags.has(element.localName) ? 'inline' : 'block'),
      visibility: inline?.visibility || 'visible',
      pointerEvents: inline?.pointerEvents || 'auto',
      cursor: inline?.cursor || 'auto',
      content: 'normal',
    } as unknown as CSSStyleDeclaration;
  }) as typeof win.getComputedStyle;
  return () => { win.getComputedStyle = original; };
}
