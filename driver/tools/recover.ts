// After the agent's code was abandoned (browser_evaluate, browser_run_code_unsafe, a call past
// its limit): a page stuck in an endless loop answers nothing ever again, so its tab is replaced
// by a fresh one at the same index, and the answer says so. A page that still answers (the code
// only awaited a promise that never settles) is left as it is.
import { isResponsive } from '../index.js';
import type { Session } from './session.js';
import type { Tab } from './tab.js';

/** The sentence for the answer: what became of the page. */
export async function recoverIfFrozen(session: Session, tab: Tab | undefined): Promise<string> {
  // A dialog holds the page's script: it is answered with browser_handle_dialog, not replaced.
  if (!tab || tab.isClosed() || tab.isBlocked()) return '';
  if (await isResponsive(tab.page)) return 'The page still responds; what the code waited for is left pending.';
  const url = tab.page.url();
  await session.replaceTab(tab);
  return `The page was stuck in it (its script no longer yields), so its tab was replaced by a blank one at the same index: navigate to ${url} again to continue.`;
}
