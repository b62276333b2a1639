// Things the page is waiting on the user for: JavaScript dialogs (which block the page's
// scripts until answered) and file choosers (which wait for files). Each becomes a modal
// state the caller sees and answers; a policy can answer dialogs automatically.
import type { Page, Dialog, FileChooser } from 'playwright';
import type { NavigationTracker } from '../navigation/documents.js';
import { guarded } from './guard.js';
import { firstLine } from '../errors.js';

export type DialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

export interface DialogState {
  kind: 'dialog';
  type: DialogType;
  message: string;
  defaultValue: string;
  since: number;
}

export interface FileChooserState {
  kind: 'fileChooser';
  multiple: boolean;
  since: number;
}

export type ModalState = DialogState | FileChooserState;

/** How a dialog is answered: 'ask' leaves it open as a modal state for the caller to answer. */
export type DialogAnswer = 'accept' | 'dismiss' | 'ask';

export interface DialogPolicy {
  /** Default 'ask'. */
  action: DialogAnswer;
  /** Text typed into prompt() dialogs when accepting. */
  promptText?: string;
  /**
   * The answer to a "leave this page?" (beforeunload) prompt when it differs from `action`.
   * Default 'accept': leaving a page never blocks unless a caller asks for the prompt.
   */
  beforeUnload?: DialogAnswer;
  /** Logged as answered 'leaving' (by a caller leaving the page) instead of 'policy'. */
  leaving?: boolean;
}

/** A dialog answered so far, by policy or by the caller, so reports can still tell what happened. */
export interface HandledDialog {
  seq: number;
  type: DialogType;
  message: string;
  action: 'accepted' | 'dismissed';
  /** 'leaving': answered on the way out of the page (navigating, closing) so leaving never blocks. */
  by: 'policy' | 'agent' | 'leaving';
}

/** What answerDialog did with the open dialog. */
export interface AnsweredDialog {
  type: DialogType;
  message: string;
  action: 'accepted' | 'dismissed';
  /** The text given for a prompt that was accepted, when the caller gave one. */
  promptText?: string;
  /** Set when the page or a navigation had closed the dialog first: why the answer failed. */
  closedFirst?: string;
}

/** Answering a modal state that is not there (the page or a navigation took it away). */
export class ModalStateError extends Error {
  constructor(message: string, readonly kind: 'no-dialog' | 'no-file-chooser') {
    super(message);
    this.name = 'ModalStateError';
  }
}

interface OpenDialog {
  state: DialogState;
  dialog: Dialog;
}

export class ModalStates {
  private dialogs: OpenDialog[] = [];
  private chooser: { state: FileChooserState; chooser: FileChooser } | undefined;
  private globalPolicy: DialogPolicy;
  private readonly scoped: DialogPolicy[] = [];
  private readonly history: HandledDialog[] = [];
  private seq = 0;
  private readonly listeners = new Set<() => void>();
  private readonly detach: () => void;

  constructor(page: Page, tracker: NavigationTracker, policy: DialogPolicy = { action: 'ask' }) {
    this.globalPolicy = policy;
    const onDialog = guarded((dialog: Dialog) => void this.onDialog(dialog).catch(() => {}));
    const onChooser = guarded((chooser: FileChooser) => this.onChooser(chooser));
    // Closed without us (a user in a headed browser, another CDP client): no longer blocking.
    const onClosed = guarded((dialog: Dialog) => {
      const open = this.dialogs.find(candidate => candidate.dialog === dialog);
      if (open) this.remove(open);
    });
    // A new document or a closed page takes its dialogs and file chooser with it.
    const clear = () => this.clear();
    const offNav = tracker.onNewDocument(clear);
    page.on('dialog', onDialog);
    page.on('filechooser', onChooser);
    page.on('dialogclosed', onClosed);
    page.on('close', clear);
    this.detach = () => {
      page.off('dialog', onDialog);
      page.off('dialogclosed', onClosed);
      page.off('filechooser', onChooser);
      page.off('close', clear);
      offNav();
    };
  }

  /** Open modal states, oldest first. */
  states(): ModalState[] {
    const out: ModalState[] = this.dialogs.map(open => open.state);
    if (this.chooser) out.push(this.chooser.state);
    return out;
  }

  /** A dialog is open: the page's scripts are blocked until it is answered. */
  isBlocked(): boolean {
    return this.dialogs.length > 0;
  }

  policy(): DialogPolicy {
    return this.scoped[this.scoped.length - 1] ?? this.globalPolicy;
  }

  setPolicy(policy: DialogPolicy): void {
    this.globalPolicy = policy;
  }

  /** Applies `policy` to dialogs opened while `run` is in progress (e.g. one click that confirms). */
  async withPolicy<T>(policy: DialogPolicy, run: () => Promise<T>): Promise<T> {
    this.scoped.push(policy);
    try {
      return await run();
    } finally {
      const index = this.scoped.lastIndexOf(policy);
      if (index >= 0) this.scoped.splice(index, 1);
    }
  }

  /** Answers the oldest open dialog; throws a ModalStateError when none is open. */
  async answerDialog(accept: boolean, promptText?: string): Promise<AnsweredDialog> {
    const open = this.dialogs[0];
    if (!open) throw new ModalStateError('No dialog is open.', 'no-dialog');
    this.remove(open);
    const { type, message } = open.state;
    const answered: AnsweredDialog = { type, message, action: accept ? 'accepted' : 'dismissed' };
    if (accept && type === 'prompt' && promptText !== undefined) answered.promptText = promptText;
    try {
      if (accept) await open.dialog.accept(promptText ?? open.state.defaultValue);
      else await open.dialog.dismiss();
    } catch (error) {
      // The page (or a navigation) closed it first: the state is stale, not an error to retry.
      return { ...answered, closedFirst: firstLine(error) };
    }
    this.log(open.state, answered.action, 'agent');
    return answered;
  }

  /**
   * Answers every open dialog so the caller can leave the page: dismissed, except a
   * beforeunload prompt, which is accepted (that is what leaving means). Returns what was done.
   */
  async settleAll(): Promise<HandledDialog[]> {
    const settled: HandledDialog[] = [];
    for (const open of [...this.dialogs]) {
      this.remove(open);
      const accept = open.state.type === 'beforeunload';
      try {
        if (accept) await open.dialog.accept();
        else await open.dialog.dismiss();
      } catch {
        // Already closed by the page or a navigation: nothing left to answer.
        continue;
      }
      this.log(open.state, accept ? 'accepted' : 'dismissed', 'leaving');
      settled.push(this.history[this.history.length - 1]!);
    }
    return settled;
  }

  /** Hands the open file chooser to the caller (who sets its files) and clears its state. */
  takeFileChooser(): FileChooser {
    const open = this.chooser;
    if (!open) throw new ModalStateError('No file chooser is open.', 'no-file-chooser');
    this.chooser = undefined;
    this.changed();
    return open.chooser;
  }

  /** Dialogs answered so far (by policy or caller) with seq above `after`. */
  handledSince(after: number): HandledDialog[] {
    return this.history.filter(entry => entry.seq > after);
  }

  lastSeq(): number {
    return this.seq;
  }

  /** Called whenever a modal state appears or goes; lets an action waiter stop waiting. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.detach();
    this.listeners.clear();
  }

  private async onDialog(dialog: Dialog): Promise<void> {
    const state: DialogState = {
      kind: 'dialog',
      type: dialogType(dialog.type()),
      message: dialog.message(),
      defaultValue: dialog.defaultValue(),
      since: Date.now(),
    };
    const policy = this.policy();
    const action = state.type === 'beforeunload' ? (policy.beforeUnload ?? 'accept') : policy.action;
    if (action === 'ask') {
      this.dialogs.push({ state, dialog });
      this.changed();
      return;
    }
    try {
      if (action === 'accept') await dialog.accept(policy.promptText ?? state.defaultValue);
      else await dialog.dismiss();
      this.log(state, action === 'accept' ? 'accepted' : 'dismissed', policy.leaving ? 'leaving' : 'policy');
    } catch {
      // Closed by the page or a navigation before we answered: nothing left to do.
    }
  }

  private onChooser(chooser: FileChooser): void {
    this.chooser = { state: { kind: 'fileChooser', multiple: chooser.isMultiple(), since: Date.now() }, chooser };
    this.changed();
  }

  private remove(open: OpenDialog): void {
    this.dialogs = this.dialogs.filter(other => other !== open);
    this.changed();
  }

  private clear(): void {
    if (!this.dialogs.length && !this.chooser) return;
    this.dialogs = [];
    this.chooser = undefined;
    this.changed();
  }

  private log(state: DialogState, action: HandledDialog['action'], by: HandledDialog['by']): void {
    this.history.push({ seq: ++this.seq, type: state.type, message: state.message, action, by });
    if (this.history.length > 100) this.history.shift();
  }

  private changed(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own problem; modal bookkeeping goes on.
      }
    }
  }
}

function dialogType(type: string): DialogType {
  return type === 'confirm' || type === 'prompt' || type === 'beforeunload' ? type : 'alert';
}

