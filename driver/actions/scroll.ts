// Scrolling: bring an element into view, or scroll by an offset (the page, or the scroll
// container under an element) with a real mouse wheel, so the page's own scroll handlers run.
import { actionTimeout, perform, type ActionOptions, type ActionTarget } from './run.js';
import type { WaitReport } from './wait.js';

export async function scrollIntoView(target: ActionTarget, ref: string, options: ActionOptions = {}): Promise<WaitReport> {
  const { locator, frame, ref: actRef } = await target.resolve(ref);
  return perform(target, {
    action: 'scroll to', target: ref, locator, frame, ref: actRef, needs: { live: true },
    run: on => (on ?? locator).scrollIntoViewIfNeeded({ timeout: actionTimeout(options) }),
  }, options);
}

export interface ScrollByOptions extends ActionOptions {
  /** Scroll the container under this element (the pointer moves over it first); default the page. */
  ref?: string;
}

export async function scrollBy(target: ActionTarget, deltaX: number, deltaY: number, options: ScrollByOptions = {}): Promise<WaitReport> {
  if (!Number.isFinite(deltaX) || !Number.isFinite(deltaY))
    throw new Error(`Scroll offsets must be numbers of CSS pixels (got ${deltaX}, ${deltaY}); e.g. 0, 600 scrolls down by 600 px.`);
  const resolved = options.ref ? await target.resolve(options.ref) : undefined;
  const locator = resolved?.locator;
  return perform(target, {
    action: 'scroll', target: options.ref ?? 'the page', locator, frame: resolved?.frame,
    ref: resolved?.ref, needs: { live: true, visible: true },
    run: async on => {
      if (on ?? locator) await (on ?? locator)!.hover({ timeout: actionTimeout(options) });
      await target.page.mouse.wheel(deltaX, deltaY);
    },
  }, options);
}
