// A persistent outline around an element, drawn by Playwright's highlight overlay: it lives in
// its own element outside <body> with a closed shadow root, so ARIA snapshots never see it and
// the page's own DOM queries find nothing new. Bounded: a frozen page cannot hang the call.
import type { Locator, Page } from 'playwright';
import { withDeadline } from '../deadline.js';

export async function highlightElement(locator: Locator, options: { style?: string; timeoutMs: number }): Promise<void> {
  await withDeadline(locator.highlight({ style: options.style }), options.timeoutMs, 'Drawing the highlight');
}

/** Removes the highlight of one element, or every highlight of the page when no locator is given. */
export async function hideHighlight(page: Page, locator: Locator | undefined, timeoutMs: number): Promise<void> {
  await withDeadline(locator ? locator.hideHighlight() : page.hideHighlight(), timeoutMs, 'Removing the highlight');
}
