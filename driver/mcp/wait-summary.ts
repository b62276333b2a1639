// The server's view of "what happened after an action", normalised from the actions engine's
// WaitReport (driver/actions/wait-report.ts) into lines for the `### Page` section.
import type { WaitReport } from '../actions/wait-report.js';

export interface WaitSummary {
  /** URL the main frame navigated to during the action. */
  navigatedTo?: string;
  /** The page went quiet this many ms after the action started. */
  settledMs?: number;
  /** The wait gave up (the page kept changing or loading). */
  timedOut?: boolean;
  /** Further facts, one sentence each. */
  notes?: string[];
}

export function fromWaitReport(report: WaitReport): WaitSummary {
  const summary: WaitSummary = { notes: [] };
  if (report.navigatedTo) summary.navigatedTo = report.sameDocument ? `${report.navigatedTo} (same document)` : report.navigatedTo;
  if (report.navigationPending) summary.notes!.push('A navigation started but had not loaded yet; take a snapshot again shortly.');
  switch (report.outcome) {
    case 'quiet':
      summary.settledMs = report.elapsedMs;
      break;
    case 'churn':
      summary.notes!.push(`The page keeps changing on its own (~${report.rate ?? report.baselineRate ?? '?'} changes/s); returned once the action's own work finished, after ${report.elapsedMs} ms.`);
      break;
    case 'timeout':
      summary.timedOut = true;
      summary.settledMs = report.elapsedMs;
      if (report.stillBusy?.length) summary.notes!.push(`Still busy: ${report.stillBusy.join(', ')}.`);
      break;
    case 'unavailable':
      summary.notes!.push('Could not watch the page for changes; take a snapshot if the result looks incomplete.');
      break;
    case 'dialog':
      break; // the Modal state section says it, with the tool that answers it
  }
  if (!summary.notes!.length) delete summary.notes;
  return summary;
}
