// Names the element that covers a click target ("<div> intercepts pointer events"), so an
// agent can close the overlay instead of retrying blindly.
import type { Locator, Page } from 'playwright';
import type { CoveringElement } from '../../injected/types.js';
import { withTimeout } from './timeout.js';

export type { CoveringElement };

const DESCRIBE_TIMEOUT_MS = 2_000;

/**
 * What covers the center of `locator`'s element, or null when the element itself (or its
 * descendant) is on top. Computed in the element's own frame by the runtime.
 */
export async function describeCoveringElement(_page: Page, locator: Locator, timeoutMs = DESCRIBE_TIMEOUT_MS): Promise<CoveringElement | null> {
  return withTimeout(locator.evaluate((target: Element): CoveringElement | null => {
    const api = (globalThis as any).__ariaref;
    const rect = target.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    let top = target.ownerDocument.elementFromPoint(x, y);
    while (top?.shadowRoot) {
      const inner = top.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === top) break;
      top = inner;
    }
    if (!top) return null;
    for (let node: Node | null = top; node; node = node.parentNode ?? (node as any).host ?? null)
      if (node === target) return null;
    if (typeof api?.coveringElement === 'function') return api.coveringElement(x, y);
    // Older runtime without coveringElement(): role, name and ref of the hit element only.
    return { role: api?.role(top) ?? '', name: api?.name(top) ?? '', ref: api?.refFor(top), tag: top.localName };
  }, undefined, { timeout: timeoutMs }), timeoutMs + 500, 'Finding the covering element');
}

function isMeaningfulRole(role: string): boolean {
  return !!role && role !== 'generic' && role !== 'none' && role !== 'presentation';
}

function describeOne(role: string, name: string, ref: string | undefined, fallback: string): string {
  const what = isMeaningfulRole(role) ? role : fallback;
  return `${what}${name ? ` ${JSON.stringify(name)}` : ''}${ref ? ` [ref=${ref}]` : ''}`;
}

/**
 * `dialog "Cookies" [ref=e9]`, `paragraph [ref=e12] with text "We use cookies" inside
 * dialog "Cookies" [ref=e9]`, `div [ref=e4] with text "Loading"`.
 */
export function formatCoveringElement(cover: CoveringElement): string {
  let own = describeOne(cover.role, cover.name, cover.ref, cover.tag);
  if (!cover.name && cover.text) own += ` with text ${JSON.stringify(cover.text)}`;
  if (!cover.container) return own;
  const { role, name, ref } = cover.container;
  return `${own} inside ${describeOne(role, name, ref, role)}`;
}

/** True for Playwright's "... intercepts pointer events" actionability failure. */
export function isInterceptedClickError(error: unknown): boolean {
  return /intercepts pointer events/.test(error instanceof Error ? error.message : String(error));
}

/**
 * When `error` says another element intercepts pointer events, a new error naming that
 * element and the next step; otherwise `error` unchanged.
 */
export async function explainInterceptedClick(page: Page, locator: Locator, target: string, error: unknown): Promise<unknown> {
  if (!isInterceptedClickError(error)) return error;
  const cover = await describeCoveringElement(page, locator).catch(() => null);
  if (!cover) return error;
  return new Error(`Cannot click ${target}: it is covered by ${formatCoveringElement(cover)}. ` +
    'Close or dismiss that element first (its close button, or press Escape), then take a new snapshot and retry.', { cause: error });
}
