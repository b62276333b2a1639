// The one wait for a committed document to load (DOMContentLoaded). Playwright learns that a
// document loaded from its loader's lifecycle events; a document the browser restores from its
// back/forward cache loaded long ago and fires none again, so Playwright's waitForLoadState waits
// out its timeout. Playwright's own launches turn that cache off; a user's Chrome attached over
// CDP has it on, and back, forward and every wait after them hung there (issue 22). So the
// document is asked as well: one past DOMContentLoaded has arrived, whatever Playwright saw.
import type { Frame } from 'playwright';
import { delay } from '../deadline.js';
import { callInFrame } from '../page/cdp-evaluate.js';
import { sameDocumentUrl } from './page-navigation.js';

/** Pause between asks while the document that answers is not yet the committed one. */
const ASK_AGAIN_MS = 100;
/** Bound on one ask: a page that does not answer is left to Playwright's lifecycle events. */
const ASK_WITHIN_MS = 1000;
/**
 * The first ask waits this long: a document that loaded the usual way is reported by Playwright
 * at once, and asking it anyway costs its renderer a task (a scheduling delay on a loaded machine).
 */
const FIRST_ASK_AFTER_MS = 40;

export type DocumentLoad = 'loaded' | 'timeout';

/**
 * Resolves 'loaded' once the frame's committed document is past DOMContentLoaded (reported by
 * Playwright, or found so in the document: a page restored from the back/forward cache),
 * 'timeout' when it is not within `timeoutMs`. Rejects like Playwright when the frame goes away.
 */
export async function documentLoaded(frame: Frame, timeoutMs: number): Promise<DocumentLoad> {
  let done = false;
  const lifecycle = frame.waitForLoadState('domcontentloaded', { timeout: Math.max(1, timeoutMs) })
    .then((): DocumentLoad => 'loaded', (error): DocumentLoad => {
      if ((error as Error)?.name === 'TimeoutError') return 'timeout';
      throw error;
    });
  try {
    return await Promise.race([lifecycle, askedLoaded(frame, () => done)]);
  } finally {
    done = true;
  }
}

/**
 * Resolves 'loaded' when the committed document says it is past DOMContentLoaded; never when it
 * says it is still loading (its lifecycle events will tell), nor once `stopped()`.
 */
async function askedLoaded(frame: Frame, stopped: () => boolean): Promise<DocumentLoad> {
  const first = delay(FIRST_ASK_AFTER_MS);
  await first.promise;
  while (!stopped()) {
    const answer = await callInFrame(frame, pageLoadState, undefined, { timeoutMs: ASK_WITHIN_MS, what: 'Asking the document whether it loaded' })
      .catch(() => undefined);
    // Another document answered (the one left, or a navigation replaced it meanwhile): ask again.
    if (answer && sameDocumentUrl(answer.url, frame.url())) {
      if (answer.loaded) return 'loaded';
      break;
    }
    const pause = delay(ASK_AGAIN_MS);
    await pause.promise;
  }
  return new Promise<never>(() => {});
}

/** In the page: its URL, and whether DOMContentLoaded has run (the navigation timing says when its handlers ended). */
function pageLoadState(): { url: string; loaded: boolean } {
  const url = `${location.href}`;
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (entry && typeof entry.domContentLoadedEventEnd === 'number') return { url, loaded: entry.domContentLoadedEventEnd > 0 };
  } catch { /* a page that replaced performance: its readyState still tells */ }
  return { url, loaded: document.readyState !== 'loading' };
}
