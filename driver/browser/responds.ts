// Whether the browser itself still answers, as opposed to one of its pages. A page that does
// not answer (a busy script, a dialog, a slow frame) leaves the browser process answering the
// DevTools protocol; a browser whose process is stopped (SIGSTOP, a suspended VM, a debugger) or
// whose machine is swamped answers nothing, and then no retry inside it can help: the caller has
// to say so instead of reporting a slow page (issue 22).
import type { Page } from 'playwright';
import { within } from '../deadline.js';

/** How long the browser gets to answer a trivial protocol command. */
const BROWSER_ANSWERS_WITHIN_MS = 2000;

/**
 * False only when the browser behind `page` did not answer a trivial DevTools command (its
 * version) within `ms`. Any other failure (a closed page or browser) is not this question: true.
 */
export async function browserAnswers(page: Page, ms = BROWSER_ANSWERS_WITHIN_MS): Promise<boolean> {
  if (page.isClosed()) return true;
  // A session of the page's own target: answered by the browser process even while the page's
  // renderer is busy, and available for every kind of context (persistent ones have no browser()).
  const attaching = page.context().newCDPSession(page);
  const answer = await within(attaching.then(session => session.send('Browser.getVersion')), ms);
  // Detached whenever it arrives: a browser that resumes later must not keep a session of ours.
  attaching.then(session => session.detach()).catch(() => {});
  return answer.ok || answer.reason === 'error';
}
