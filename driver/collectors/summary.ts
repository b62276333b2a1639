// "What happened during this action": take a mark before an action, then list what is new
// after it (as data), so the action's report can mention errors, failed requests, downloads
// and dialogs without the agent having to ask.
import type { PageCollectors } from './attach.js';
import type { ConsoleItem, ConsoleLevel } from './console.js';
import type { NetworkItem } from './network-item.js';
import type { DownloadEvent } from './downloads.js';
import type { HandledDialog, ModalState } from './modal-state.js';

export interface Mark {
  console: number;
  network: number;
  downloads: number;
  dialogs: number;
}

export interface Changes {
  /** New console messages at the reported level (by default errors and warnings, console and uncaught), oldest first. */
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

/** `consoleLevel`: the least severe console message reported (default warnings and errors). */
export function changesSince(collectors: PageCollectors, since: Mark, consoleLevel: ConsoleLevel = 'warning'): Changes {
  const fresh = <T extends { id: number }>(groups: Array<{ items: T[] }>, after: number) =>
    groups.flatMap(group => group.items).filter(item => item.id > after);
  return {
    problems: fresh(collectors.console.list({ level: consoleLevel, includeEarlier: true }), since.console),
    failedRequests: fresh(collectors.network.list({ status: 'error', includeEarlier: true }), since.network),
    downloads: collectors.downloads.since(since.downloads),
    dialogs: collectors.modal.handledSince(since.dialogs),
    modalStates: collectors.modal.states(),
  };
}
