// A page that reloads or redirects itself faster than it loads (issue 8) would keep a call
// waiting for a document that never settles. This watches the main frame's navigations (through
// the page's one PageNavigation) so a call can stop after a few and say "the page kept
// navigating" instead of running into a timeout.
import type { Page } from 'playwright';
import { isNavigationError } from '../errors.js';
import { sleep } from '../deadline.js';
import { pageNavigation } from './page-navigation.js';
import { KeptNavigatingError } from './errors.js';

/** Attempts at a call whose document keeps being replaced before a page counts as "kept navigating". */
const NAVIGATION_ATTEMPTS = 5;
/** Main-frame commits during one call after which the page counts as never settling. */
const CHURN_COMMITS = 6;

/**
 * Runs `read` (a snapshot of the whole page), following the page onto its new document when a
 * navigation replaces the one being read, a bounded number of times; a page that reloads or
 * redirects itself faster than it can be read gets a KeptNavigatingError.
 */
export async function followNavigations<T>(page: Page, read: () => Promise<T>): Promise<T> {
  const churn = pageNavigation(page).watchCommits(CHURN_COMMITS);
  const keptNavigating = () => new KeptNavigatingError(page.url(), churn.count());
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
        await sleep(50 * attempt);
      }
    }
  } finally {
    churn.stop();
  }
}
