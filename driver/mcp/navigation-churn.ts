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
