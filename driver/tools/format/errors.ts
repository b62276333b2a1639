// Errors as a tool answers them: the first lines of the message without Playwright's call log,
// bounded, and for a page that stopped answering, the tools that still work.
import { PageTimeoutError } from '../../index.js';

/** What still works when the page stopped answering: the tools that leave or replace it. */
const UNRESPONSIVE_ADVICE = 'If it is not responding, these still work: browser_navigate away (it replaces a frozen tab), browser_tabs to close it or open another, browser_handle_dialog for a dialog.';

/** Longest error text sent back: an error may quote a huge argument (a 1 MB "ref"). */
const MAX_ERROR_CHARS = 4000;

export function formatError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof PageTimeoutError) return `${error.message} ${UNRESPONSIVE_ADVICE}`;
  // Playwright's messages carry a multi-line call log; the first lines say what went wrong.
  const lines = error.message.split('\n');
  const logStart = lines.findIndex(l => /^Call log:|^=+ logs =+/.test(l.trim()));
  const text = (logStart > 0 ? lines.slice(0, logStart) : lines.slice(0, 6)).join('\n').trim();
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}… (message cut at 4,000 of ${text.length} characters)` : text;
}

/** One line of it, for a sentence that goes on ("Snapshot failed: <reason>. Try ..."). */
export function errorReason(error: unknown): string {
  return formatError(error).split('\n')[0]!.replace(/\.+$/, '');
}
