// Names the element that covers a click target ("<div> intercepts pointer events"), so an
// agent can close the overlay instead of retrying blindly. Asked by ref: the target's element
// is turned into its ref (it has one when the action was on a ref), and the runtime does the
// hit test for that ref in the element's own frame (page/runtime.ts coveringElement).
import type { Locator, Page } from 'playwright';
import type { CoveringElement } from '../../injected/types.js';
import * as runtime from './runtime.js';
import { withDeadline } from '../deadline.js';

export type { CoveringElement };

const DESCRIBE_TIMEOUT_MS = 2_000;

/**
 * What covers the center of `locator`'s element, or null when the element itself (or its
 * descendant) is on top. Computed in the element's own frame by the runtime.
 */
export async function describeCoveringElement(_page: Page, locator: Locator, timeoutMs = DESCRIBE_TIMEOUT_MS): Promise<CoveringElement | null> {
  return withDeadline(coveringOf(locator, timeoutMs), timeoutMs + 500, 'Finding the covering element');
}

async function coveringOf(locator: Locator, timeoutMs: number): Promise<CoveringElement | null> {
  const handle = await locator.elementHandle({ timeout: timeoutMs });
  try {
    // The frame comes from the protocol (no page script); the ref through the handle, since
    // Playwright gives no protocol id for it.
    const frame = await handle.ownerFrame();
    const ref = frame ? await runtime.refFor(frame, handle, undefined, timeoutMs) : undefined;
    return frame && ref ? await runtime.coveringElement(frame, ref, timeoutMs) : null;
  } finally {
    handle.dispose().catch(() => {});
  }
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
