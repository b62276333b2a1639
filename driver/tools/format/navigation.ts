// The words of the navigation tools (browser_navigate, back, forward, reload): what leaving the
// page took (dialogs answered, a frozen tab replaced), where it landed, and the errors of a page
// that kept navigating, all from the library's NavigationResult and typed errors.
import { clip, type HandledDialog, type KeptNavigatingError, type NavigationResult, type PageNotRespondingError } from '../../index.js';

/** "To leave the page, dismissed its alert dialog "again" and 3 more dialogs the page raised." (empty when none was answered). */
export function formatLeaving(answered: HandledDialog[]): string[] {
  const first = answered[0];
  if (!first) return [];
  const more = answered.length > 1 ? ` and ${answered.length - 1} more dialog${answered.length > 2 ? 's' : ''} the page raised` : '';
  return [`To leave the page, ${first.action} its ${first.type} dialog "${clip(first.message, 120)}"${more}.`];
}

/** The note when a page that did not respond had its tab replaced. */
export function formatReplacedTab(error: PageNotRespondingError): string {
  const why = error.reason === 'dialogs' ? 'it kept raising dialogs' : `its script did not yield within ${error.withinMs / 1000} s`;
  return `The page was not responding (${why}), so its tab was replaced by a fresh one at the same index; that tab's history is gone.`;
}

/** A KeptNavigatingError of a navigation (it has a target), with the tools that get away from such a page. */
export function formatKeptNavigating(error: KeptNavigatingError): string {
  if (error.target === undefined) return error.message;
  return `The page kept navigating by itself: ${error.count} attempts to go to ${error.target} were cut short by its own navigations; it is still at ${error.at}. Close the tab with browser_tabs action "close", or open the URL in a new tab with browser_tabs action "new".`;
}

/** "Went back." / "Navigated to URL: the server answered HTTP 404 Not Found." */
export function formatStatus(result: NavigationResult | undefined, what: string): string {
  if (result?.status !== undefined && result.status >= 400) return `${what}: the server answered HTTP ${result.status} ${result.statusText ?? ''}.`;
  return `${what}.`;
}

/** browser_navigate's result lines; `result` is undefined when a modal state cut the wait short. */
export function formatNavigated(url: string, result: NavigationResult | undefined, navigationTimeoutMs: number): string[] {
  const lines: string[] = [];
  if (result?.cutShort) lines.push(`The page's own navigations cut ours short ${result.cutShort} time${result.cutShort > 1 ? 's' : ''}; retried.`);
  // A page that never finishes loading is still worth seeing: report what arrived.
  if (result?.load === 'kept-navigating') lines.push(`${url} keeps navigating by itself (it reloads or redirects before it finishes loading); the snapshot shows whichever document was there when it was taken. Navigate elsewhere, or close the tab, to get away from it.`);
  else if (result?.load === 'download') lines.push(`${url} is a download: the browser is saving it (see Events), and the page stayed where it was.`);
  else if (result?.load === 'timeout') lines.push(`${url} did not finish loading within ${navigationTimeoutMs / 1000} s (--timeout-navigation); the snapshot shows what has arrived so far. Use browser_wait_for to wait for specific content.`);
  else lines.push(formatStatus(result, `Navigated to ${url}`));
  return lines;
}

/** A history step's result line (a null response alone is no proof of "nowhere to go": a page restored from cache has none). */
export function formatHistoryStep(direction: 'back' | 'forward', result: NavigationResult | undefined): string {
  if (result?.noHistoryEntry) return `There is no page to go ${direction} to in this tab's history.`;
  return formatStatus(result, `Went ${direction}`);
}

/** Back/forward on a tab that had to be replaced: its history is gone. */
export function formatHistoryLost(direction: 'back' | 'forward'): string {
  return `Could not go ${direction}: the old tab's history went with it. Navigate to a URL with browser_navigate.`;
}
