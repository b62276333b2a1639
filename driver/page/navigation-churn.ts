// A page that reloads or redirects itself faster than it loads (issue 8) would keep a call
// waiting for a document that never settles. This watches the main frame's navigations so a
// call can stop after a few and say "the page kept navigating" instead of running into a timeout.
import type { Frame, Page } from 'playwright';

export interface ChurnWatch {
  /** Resolves once `limit` main-frame documents (or same-document navigations) have committed since the watch began. */
  reached: Promise<void>;
  /** Navigations seen so far. */
  count(): number;
  stop(): void;
}

export function watchNavigations(page: Page, limit: number): ChurnWatch {
  let started = 0;
  let reach: () => void = () => {};
  const reached = new Promise<void>(resolve => { reach = resolve; });
  // Commits, not requests: request events can arrive late, after the document they belonged
  // to was already left, and would be counted against the next one.
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame() && ++started >= limit) reach();
  };
  page.on('framenavigated', onNavigated);
  return { reached, count: () => started, stop: () => { page.off('framenavigated', onNavigated); } };
}

/** Attempts at a call whose document keeps being replaced before a page counts as "kept navigating". */
const NAVIGATION_ATTEMPTS = 5;
/** Main-frame commits during one call after which the page counts as never settling. */
const CHURN_COMMITS = 6;

export function isNavigationError(error: unknown): boolean {
  return /Execution context was destroyed|because of a navigation|Cannot find context|navigated|frame was detached/i.test((error as Error)?.message ?? '');
}

/**
 * Runs `read` (a snapshot of the whole page), following the page onto its new document when a
 * navigation replaces the one being read, a bounded number of times; a page that reloads or
 * redirects itself faster than it can be read gets a clear "kept navigating" error.
 */
export async function followNavigations<T>(page: Page, read: () => Promise<T>): Promise<T> {
  const churn = watchNavigations(page, CHURN_COMMITS);
  const keptNavigating = () => new Error(`The page kept navigating: ${churn.count()} new documents replaced the one being read (it is now at ${page.url()}). Navigate elsewhere or close the tab to get away from it`);
  const churned = churn.reached.then(() => { throw keptNavigating(); });
  churned.catch(() => {});
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await Promise.race([read(), churned]);
      } catch (error) {
        if (churn.count() >= CHURN_COMMITS) throw keptNavigating();
        if (!isNavigationError(error) || page.isClosed()) throw error;
        if (attempt >= NAVIGATION_ATTEMPTS) throw keptNavigating();
        await new Promise(resolve => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    churn.stop();
  }
}
