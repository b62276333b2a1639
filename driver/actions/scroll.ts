// Scrolling: bring an element into view, or scroll by an offset (the page, or the scroll
// container under an element) with a real mouse wheel, so the page's own scroll handlers run.
import { actionTimeout, perform, PREPARE, type ActionOptions, type ActionTarget } from './run.js';
import type { WaitReport } from './wait.js';
import { checkRange } from '../errors.js';

/** Farther than any page scrolls (Chromium caps a layout at about 33 million pixels). */
export const MAX_SCROLL_PX = 10_000_000;

export async function scrollIntoView(target: ActionTarget, ref: string, options: ActionOptions = {}): Promise<WaitReport> {
  const { locator, frame, ref: actRef, prepared } = await target.resolve(ref, { check: { live: true }, prepare: PREPARE });
  return perform(target, {
    action: 'scroll to', target: ref, locator, frame, ref: actRef, prepared,
    run: on => (on ?? locator).scrollIntoViewIfNeeded({ timeout: actionTimeout(options) }),
  }, options);
}

export interface ScrollByOptions extends ActionOptions {
  /** Scroll the container under this element (the pointer moves over it first); default the page. */
  ref?: string;
}

export async function scrollBy(target: ActionTarget, deltaX: number, deltaY: number, options: ScrollByOptions = {}): Promise<WaitReport> {
  checkRange('deltaX', deltaX, -MAX_SCROLL_PX, MAX_SCROLL_PX, { unit: 'CSS pixels' });
  checkRange('deltaY', deltaY, -MAX_SCROLL_PX, MAX_SCROLL_PX, { unit: 'CSS pixels' });
  const resolved = options.ref ? await target.resolve(options.ref, { check: { live: true, visible: true }, prepare: PREPARE }) : undefined;
  const locator = resolved?.locator;
  return perform(target, {
    action: 'scroll', target: options.ref ?? 'the page', locator, frame: resolved?.frame,
    ref: resolved?.ref, prepared: resolved?.prepared,
    run: async on => {
      if (on ?? locator) await (on ?? locator)!.hover({ timeout: actionTimeout(options) });
      await target.page.mouse.wheel(deltaX, deltaY);
    },
  }, options);
}
