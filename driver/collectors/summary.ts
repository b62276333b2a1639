// "What happened during this action": take a mark before an action, then list what is new
// after it, so a tool response can mention errors, failed requests, downloads and dialogs
// without the agent having to ask.
import type { PageCollectors } from './index.js';
import type { ConsoleItem } from './console.js';
import type { NetworkItem } from './network.js';
import type { DownloadEvent } from './downloads.js';
import type { HandledDialog, ModalState } from './modal-state.js';
import { clip } from './modal-state.js';

export interface Mark {
  console: number;
  network: number;
  downloads: number;
  dialogs: number;
}

export interface Changes {
  /** New errors and warnings (console and uncaught), oldest first. */
  problems: ConsoleItem[];
  /** New requests that failed or answered with HTTP >= 400. */
  failedRequests: NetworkItem[];
  downloads: DownloadEvent[];
  dialogs: HandledDialog[];
  modalStates: ModalState[];
}

export function mark(collectors: PageCollectors): Mark {
  return {
    console: collectors.console.lastId(),
    network: collectors.network.lastId(),
    downloads: downloadsMark(collectors),
    dialogs: collectors.modal.lastSeq(),
  };
}

/** A download still saving stays "new", so its outcome is reported once it is known. */
function downloadsMark(collectors: PageCollectors): number {
  const saving = collectors.downloads.list().find(download => download.state === 'saving');
  return saving ? saving.id - 1 : collectors.downloads.lastId();
}

export function changesSince(collectors: PageCollectors, since: Mark): Changes {
  const fresh = <T extends { id: number }>(groups: Array<{ items: T[] }>, after: number) =>
    groups.flatMap(group => group.items).filter(item => item.id > after);
  return {
    problems: fresh(collectors.console.list({ level: 'warning', includeEarlier: true }), since.console),
    failedRequests: fresh(collectors.network.list({ status: 'error', includeEarlier: true }), since.network),
    downloads: collectors.downloads.since(since.downloads),
    dialogs: collectors.modal.handledSince(since.dialogs),
    modalStates: collectors.modal.states(),
  };
}

const MAX_LINES = 10;

/** Markdown lines for a response's events section; empty when nothing worth saying happened. */
export function renderChanges(changes: Changes): string[] {
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
  for (const state of changes.modalStates) lines.push(`- ${renderModalState(state)}`);
  return lines;
}

export function renderModalState(state: ModalState): string {
  if (state.kind === 'fileChooser')
    return `[file chooser] open (${state.multiple ? 'multiple files' : 'one file'}): answer with browser_file_upload`;
  return `[${state.type} dialog] "${clip(state.message)}" is open and blocks the page: answer with browser_handle_dialog`;
}
