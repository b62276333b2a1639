// What happened on the page besides the action's result, as lines of the `### Events` and
// `### Modal state` sections: new errors and warnings, failed requests, downloads, dialogs
// answered for the agent, and the modal states that block the page; and the agent's own
// answer to a dialog.
import { clip, type AnsweredDialog, type Changes, type ModalState } from '../../index.js';

const MAX_LINES = 10;

/** Markdown lines for a response's events section; empty when nothing worth saying happened. */
export function formatChanges(changes: Changes): string[] {
  const lines: string[] = [];
  for (const item of changes.problems.slice(-MAX_LINES))
    lines.push(`- [${item.level}] #${item.id} ${clip(item.text, 160)}${item.count > 1 ? ` (x${item.count})` : ''}`);
  if (changes.problems.length > MAX_LINES)
    lines.push(`- … ${changes.problems.length - MAX_LINES} more errors/warnings: browser_console_messages with level "warning"`);
  for (const item of changes.failedRequests.slice(-MAX_LINES))
    lines.push(`- [${item.state === 'failed' ? 'request failed' : `HTTP ${item.status}`}] #${item.id} ${item.method} ${clip(item.url, 160)}${item.failure ? ` => ${item.failure}` : ''}`);
  if (changes.failedRequests.length > MAX_LINES)
    lines.push(`- … ${changes.failedRequests.length - MAX_LINES} more failed requests: browser_network_requests with status "error"`);
  for (const download of changes.downloads)
    lines.push(`- [download] ${download.suggestedFilename} ${download.state === 'failed' ? `failed: ${download.error}` : `${download.state === 'saved' ? 'saved to' : 'saving to'} ${download.path}`}`);
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

export function formatModalState(state: ModalState): string {
  if (state.kind === 'fileChooser')
    return `[file chooser] open (${state.multiple ? 'multiple files' : 'one file'}): answer with browser_file_upload`;
  return `[${state.type} dialog] "${clip(state.message)}" is open and blocks the page: answer with browser_handle_dialog`;
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
