// What happened after an action, as plain JSON the MCP server and CLI can print as-is.

export interface DialogInfo {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload' | string;
  message: string;
  defaultValue?: string;
}

export interface WaitReport {
  /** Whole wait, from just before the action to the return, in ms. */
  elapsedMs: number;
  /**
   * How the page came to rest: 'quiet' (no change for the quiet window and the action's work done),
   * 'churn' (the page keeps changing on its own; returned once the action's work was done),
   * 'timeout' (hit the cap), 'dialog' (a dialog paused the page), 'unavailable' (no runtime in the page).
   */
  outcome: 'quiet' | 'churn' | 'timeout' | 'dialog' | 'unavailable';
  /** In-page settle time (ms) after the action returned. */
  settledAfterMs?: number;
  /** DOM mutation records seen while settling. */
  mutations?: number;
  /** Mutation batches per second before the action and while settling (churn diagnostics). */
  baselineRate?: number;
  rate?: number;
  /** Set when the main frame navigated (cross-document or history API). */
  navigatedTo?: string;
  sameDocument?: boolean;
  /** The navigation started but did not commit or load within the bound. */
  navigationPending?: boolean;
  /** Work of the action still running at return: 'timers: 1', 'requests: 2', 'region "Results" (aria-busy)'. */
  stillBusy?: string[];
  dialog?: DialogInfo;
  /** URLs of tabs/popups the action opened. */
  popups?: string[];
  /** Suggested file names of downloads the action started. */
  downloads?: string[];
}

/** One or two sentences for the agent: what changed and what to do next. */
export function summarizeWait(report: WaitReport): string {
  const parts: string[] = [];
  if (report.navigatedTo) parts.push(`${report.sameDocument ? 'URL changed' : 'Navigated'} to ${report.navigatedTo}.`);
  if (report.navigationPending) parts.push('A navigation started but had not loaded yet; take a snapshot again shortly.');
  if (report.dialog) {
    const d = report.dialog;
    parts.push(`A ${d.type} dialog is open: "${d.message}". Accept or dismiss it before anything else; the page is paused until then.`);
  }
  if (report.popups?.length) parts.push(`Opened ${report.popups.length === 1 ? 'a new tab' : `${report.popups.length} new tabs`}: ${report.popups.join(', ')}.`);
  if (report.downloads?.length) parts.push(`Download started: ${report.downloads.join(', ')}.`);
  if (report.outcome === 'churn')
    parts.push(`The page keeps changing on its own (~${report.rate ?? report.baselineRate ?? '?'} changes/s); returned once the action's own work finished.`);
  if (report.outcome === 'timeout')
    parts.push(`The page was still changing after ${report.settledAfterMs ?? report.elapsedMs} ms${report.stillBusy?.length ? ` (still busy: ${report.stillBusy.join(', ')})` : ''}; take another snapshot to see later updates.`);
  if (report.outcome === 'unavailable') parts.push('Could not watch the page for changes; take a snapshot to see the result.');
  return parts.join(' ');
}
