// Who answers a page's dialogs while it is being left. Leaving never waits for a person: open
// dialogs are answered (dismissed; a "leave this page?" prompt accepted unless the caller says
// otherwise), and so is every dialog the page raises on the way out.
//
// Two implementations of one small interface:
//   - leavingDialogs(modal): the page's ModalStates (collectors attached, the tool layer), which
//     own its dialogs; answered ones land in its log as answered 'leaving'.
//   - bareLeavingDialogs(page): a page without collectors. Playwright dismisses dialogs by
//     itself only while nobody listens to 'dialog', so this listens only while leaving, and also
//     answers the dialogs an action waiter left open for the caller (dialogs: 'ask').
import type { Dialog, Page } from 'playwright';
import type { DialogType, HandledDialog, ModalStates } from '../collectors/modal-state.js';

/** How a "leave this page?" (beforeunload) prompt is answered while leaving. */
export type BeforeUnloadAnswer = 'accept' | 'dismiss';

export interface LeavingDialogs {
  /** Answers the dialogs open now (they keep the page from unloading); resolves to what was answered. */
  answerOpen(beforeUnload: BeforeUnloadAnswer): Promise<HandledDialog[]>;
  /** Runs `work`; every dialog the page raises meanwhile is answered for leaving. */
  during<T>(beforeUnload: BeforeUnloadAnswer, work: () => Promise<T>): Promise<T>;
  /** A position in the log of answered dialogs. */
  mark(): number;
  /** Dialogs answered for leaving since `mark`, oldest first. */
  answeredSince(mark: number): HandledDialog[];
}

/** While leaving: every dialog is dismissed, a beforeunload prompt accepted, and logged as answered 'leaving'. */
const LEAVING_POLICY = { action: 'dismiss', beforeUnload: 'accept', leaving: true } as const;

/** Leaving through the page's ModalStates (its public methods only). */
export function leavingDialogs(modal: ModalStates): LeavingDialogs {
  return {
    async answerOpen(beforeUnload) {
      // settleAll dismisses everything but a beforeunload prompt, which it accepts.
      if (beforeUnload === 'accept') return modal.settleAll();
      // Staying on a guarded page was asked for: every open dialog is dismissed, the prompt too.
      const before = modal.lastSeq();
      for (let open = modal.states().filter(state => state.kind === 'dialog').length; open > 0 && modal.isBlocked(); open--) {
        await modal.answerDialog(false).catch(() => undefined);
      }
      return modal.handledSince(before).filter(entry => entry.by === 'agent').map(entry => ({ ...entry, by: 'leaving' as const }));
    },
    during(beforeUnload, work) {
      return modal.withPolicy(beforeUnload === 'accept' ? LEAVING_POLICY : { ...LEAVING_POLICY, beforeUnload }, work);
    },
    mark: () => modal.lastSeq(),
    answeredSince: mark => modal.handledSince(mark).filter(entry => entry.by === 'leaving'),
  };
}

/** Answered dialogs kept per bare page; a dialog loop must not grow the log without bound. */
const MAX_LOG = 100;
/** Open dialogs remembered per page for the next leave (an action waiter left them to the caller). */
const MAX_OPEN = 20;

interface BareState {
  seq: number;
  log: HandledDialog[];
  open: Set<Dialog>;
}

const bare = new WeakMap<Page, BareState>();

function bareState(page: Page): BareState {
  let state = bare.get(page);
  if (!state) {
    state = { seq: 0, log: [], open: new Set() };
    bare.set(page, state);
  }
  return state;
}

/**
 * A dialog left open for its owner to answer (an action waiter's dialogs: 'ask'): if nobody
 * does, leaving the page answers it. Ignored once answered by someone else.
 */
export function rememberOpenDialog(page: Page, dialog: Dialog): void {
  const open = bareState(page).open;
  open.add(dialog);
  if (open.size > MAX_OPEN) open.delete(open.values().next().value!);
}

/** Leaving a page without collectors: its own 'dialog' listener, attached only while leaving. */
export function bareLeavingDialogs(page: Page): LeavingDialogs {
  const state = bareState(page);
  const answer = async (dialog: Dialog, beforeUnload: BeforeUnloadAnswer): Promise<HandledDialog | undefined> => {
    const type = dialogType(dialog.type());
    const accept = type === 'beforeunload' && beforeUnload === 'accept';
    try {
      if (accept) await dialog.accept();
      else await dialog.dismiss();
    } catch {
      // Answered by someone else, or closed by the page or a navigation: nothing left to do.
      return undefined;
    }
    const entry: HandledDialog = { seq: ++state.seq, type, message: dialog.message(), action: accept ? 'accepted' : 'dismissed', by: 'leaving' };
    state.log.push(entry);
    if (state.log.length > MAX_LOG) state.log.shift();
    return entry;
  };
  return {
    async answerOpen(beforeUnload) {
      const open = [...state.open];
      state.open.clear();
      const answered: HandledDialog[] = [];
      for (const dialog of open) {
        const entry = await answer(dialog, beforeUnload);
        if (entry) answered.push(entry);
      }
      return answered;
    },
    async during(beforeUnload, work) {
      const onDialog = (dialog: Dialog) => { void answer(dialog, beforeUnload); };
      page.on('dialog', onDialog);
      try {
        return await work();
      } finally {
        page.off('dialog', onDialog);
      }
    },
    mark: () => state.seq,
    answeredSince: mark => state.log.filter(entry => entry.seq > mark),
  };
}

function dialogType(type: string): DialogType {
  return type === 'confirm' || type === 'prompt' || type === 'beforeunload' ? type : 'alert';
}
