// What happened on the page besides the action's result, as lines of the `### Events` and
// `### Modal state` sections: new errors and warnings, failed requests, downloads, dialogs
// answered for the agent, and the modal states that block the page; and the agent's own
// answer to a dialog.
import { clip, type AnsweredDialog, type Changes, type DownloadEvent, type ModalState } from '../../index.js';

const MAX_LINES = 10;

/** Markdown lines for a response's events section; empty when nothing worth saying happened. */
export function formatChanges(changes: Changes): string[] {
  const lines: string[] = [];
  for (const item of changes.problems.slice(-MAX_LINES))
    lines.push(`- [${item.level}] #${item.id} ${clip(item.text, 160)}${item.count > 1 ? ` (x${item.count})` : ''}`);
  if (changes.problems.length > MAX_LINES)
    lines.push(`- … ${changes.problems.length - MAX_LINES} more errors/warnings: browser_console_messages with level "warning"`);
  // A navigation that turns into a download is aborted by the browser (net::ERR_ABORTED): that is
  // the download starting, told by its own line below, not a failure.
  const downloadUrls = new Set(changes.downloads.map(download => download.url));
  const failedRequests = changes.failedRequests.filter(item => !(item.failure?.includes('ERR_ABORTED') && downloadUrls.has(item.url)));
  for (const item of failedRequests.slice(-MAX_LINES))
    lines.push(`- [${item.state === 'failed' ? 'request failed' : `HTTP ${item.status}`}] #${item.id} ${item.method} ${clip(item.url, 160)}${item.failure ? ` => ${item.failure}` : ''}`);
  if (failedRequests.length > MAX_LINES)
    lines.push(`- … ${failedRequests.length - MAX_LINES} more failed requests: browser_network_requests with status "error"`);
  for (const download of changes.downloads) lines.push(...downloadLines(download).map(line => `- ${line}`));
  // A page that raises the same dialog in a loop gets one line with a count, not a hundred.
  const dialogLines: Array<{ text: string; count: number }> = [];
  for (const dialog of changes.dialogs) {
    const text = `- [dialog] ${dialog.type} "${clip(dialog.message, 120)}" ${dialog.action} ${dialog.by === 'leaving' ? 'to leave the page' : `by ${dialog.by}`}`;
    const last = dialogLines[dialogLines.length - 1];
    if (last?.text === text) last.count++;
    else dialogLines.push({ text, count: 1 });
  }
  for (const { text, count } of dialogLines) lines.push(count > 1 ? `${text} (x${count})` : text);
  for (const state of changes.modalStates) lines.push(`- ${formatModalState(state)}`);
  return lines;
}

/** Downloads whose start a report already told: their finish comes alone. */
const announced = new WeakSet<DownloadEvent>();

/**
 * Worded as Playwright MCP words its download events: `Downloading file a.txt ...` when it
 * starts, `Downloaded file a.txt to "path"` when saved; both at once when it finished unseen.
 */
function downloadLines(download: DownloadEvent): string[] {
  const started = announced.has(download) ? [] : [`Downloading file ${download.suggestedFilename} ...`];
  announced.add(download);
  switch (download.state) {
    case 'saving': return started;
    case 'saved': return [...started, `Downloaded file ${download.suggestedFilename} to "${download.path}"`];
    case 'failed': return [...started, `Download of ${download.suggestedFilename} failed: ${download.error}`];
  }
}

export function formatModalState(state: ModalState): string {
  if (state.kind === 'fileChooser') return '[File chooser]: can be handled by browser_file_upload';
  return `["${state.type}" dialog with message "${clip(state.message)}"]: can be handled by browser_handle_dialog`;
}

/** browser_handle_dialog's result line. */
export function formatAnsweredDialog(answer: AnsweredDialog): string {
  const { type, message } = answer;
  // Closed by the page or a navigation first: stale state, nothing to retry.
  if (answer.closedFirst !== undefined)
    return `The ${type} dialog "${clip(message)}" had already closed (${answer.closedFirst}). Take a snapshot to see the page.`;
  const typed = answer.promptText !== undefined ? ` with "${clip(answer.promptText)}"` : '';
  return `${answer.action === 'accepted' ? 'Accepted' : 'Dismissed'} the ${type} dialog "${clip(message)}"${typed}.`;
}
