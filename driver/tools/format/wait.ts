// "What happened after an action" for the `### Page` section: the actions engine's WaitReport
// (driver/actions/wait-report.ts, plain data) put into words, the only place that does it.
import type { WaitReport } from '../../index.js';

/**
 * Only what the agent would not see otherwise: a page that settled says nothing (Page URL already
 * shows where it landed), as Playwright MCP's Page section does; a navigation is named when the
 * page moved on from where it went.
 */
export function formatWait(report: WaitReport, pageUrl?: string): string[] {
  const lines: string[] = [];
  if (report.navigatedTo && report.navigatedTo !== pageUrl) lines.push(`Navigated to ${report.navigatedTo}${report.sameDocument ? ' (same document)' : ''}`);
  if (report.outcome === 'timeout')
    lines.push(`Still busy after ${report.elapsedMs} ms (network or DOM kept changing); the snapshot may be incomplete, use browser_wait_for if you expect more`);
  if (report.navigationPending) lines.push('A navigation started but had not loaded yet; take a snapshot again shortly.');
  switch (report.outcome) {
    case 'churn':
      lines.push(`The page keeps changing on its own (~${report.rate ?? report.baselineRate ?? '?'} changes/s); returned once the action's own work finished, after ${report.elapsedMs} ms.`);
      break;
    case 'timeout':
      if (report.stillBusy?.length) lines.push(`Still busy: ${report.stillBusy.join(', ')}.`);
      break;
    case 'unavailable':
      lines.push('Could not watch the page for changes; take a snapshot if the result looks incomplete.');
      break;
    // 'dialog': the Modal state section says it, with the tool that answers it.
  }
  return lines;
}
