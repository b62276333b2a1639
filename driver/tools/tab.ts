// One browser tab as a tool session sees it: the Playwright page, its AriaPage (snapshots, refs,
// find, leaving the page safely), and the collectors that record console, network, downloads and
// modal states (dialogs, file choosers) from the page's first event. The tab owns its modal
// states: every action is raced against one opening here, so no tool hangs behind a dialog.
import type { Page } from 'playwright';
import {
  attach, attachCollectors, changesSince, delay, mark, runAndWait,
  type AriaPage, type ConsoleLevel, type DialogPolicy, type Mark, type ModalState, type PageCollectors, type SessionIds,
  type WaitOptions, type WaitReport,
} from '../index.js';
import { formatChanges } from './format/events.js';
import { ConsoleLogFile } from './console-log.js';
import { ReadSnapshots } from './read-snapshots.js';
import type { Secrets } from './secrets.js';

export type { ModalState };

/** How long a file chooser the action's click opened may take to be reported by Playwright. */
const FILE_CHOOSER_WITHIN_MS = 2_000;

/** What an action left behind: its wait, or nothing when a modal state cut it short. */
export interface ActionOutcome<T = unknown> { wait?: WaitReport; value?: T }

export class Tab {
  readonly collectors: PageCollectors;
  crashed = false;
  /**
   * The session opened this tab and no tool has used it yet: it shows the initial blank document,
   * in which nothing ran. Navigating away from it needs no check that its script responds and no
   * wait in it (on a loaded machine each call into a fresh renderer can take a second).
   */
  untouched = false;
  private lastTitle = '';

  /** Still that initial blank document: its snapshot is empty, known without asking the page. */
  showsNothingYet(): boolean {
    return this.untouched && this.page.url() === 'about:blank';
  }
  /** What the agent read of the page, the bases of the next diff (--snapshot-mode diff). */
  readonly readSnapshots = new ReadSnapshots();
  /** Collector positions already reported, so each event is told once. */
  private reported: Mark;
  /** The runtime is installed at once (all frames, every later document), so even the first action's wait can watch the page. */
  private readonly attaching: Promise<unknown>;

  private readonly consoleLevel: ConsoleLevel | undefined;
  private readonly consoleLog: ConsoleLogFile;

  constructor(readonly page: Page, options: { outputDir: string; ids: SessionIds; beforeUnload?: DialogPolicy['beforeUnload']; consoleLevel?: ConsoleLevel; secrets?: Secrets }) {
    this.consoleLevel = options.consoleLevel;
    this.attaching = attach(page).catch(() => undefined);
    this.collectors = attachCollectors(page, { outputDir: options.outputDir, ids: options.ids, dialogPolicy: { action: 'ask', beforeUnload: options.beforeUnload ?? 'accept' } });
    this.consoleLog = new ConsoleLogFile(this.collectors.console, { dir: options.outputDir, level: options.consoleLevel, secrets: options.secrets });
    this.reported = { console: 0, network: 0, downloads: 0, dialogs: 0 };
    page.on('crash', () => { this.crashed = true; });
    page.on('response', response => {
      try {
        if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
          this.documentStatus = { status: response.status(), statusText: response.statusText() };
      } catch { /* a response of a frame already gone */ }
    });
  }

  private documentStatus: { status: number; statusText: string } | undefined;

  /** The main document's HTTP status when it is not 2xx (the Page section says so, as Playwright MCP's does). */
  mainDocumentStatus(): { status: number; statusText: string } | undefined {
    const status = this.documentStatus;
    return status && (status.status < 200 || status.status >= 300) ? status : undefined;
  }

  /** The tab's AriaPage: snapshots, refs, find. */
  aria(): Promise<AriaPage> {
    return attach(this.page);
  }

  get modals(): ModalState[] {
    return this.collectors.modal.states();
  }

  /** A dialog is open: the page's scripts are frozen until it is answered. */
  isBlocked(): boolean {
    return this.collectors.modal.isBlocked();
  }

  /** Resolves when a dialog or file chooser opens: actions race against it so they never hang on one. */
  nextModal(): { promise: Promise<void>; cancel: () => void } {
    let off: () => void = () => {};
    const promise = new Promise<void>(resolve => {
      off = this.collectors.modal.onChange(() => { if (this.modals.length) resolve(); });
    });
    return { promise, cancel: () => off() };
  }

  /**
   * Runs an action of the actions engine (it waits by itself and returns its WaitReport),
   * returning early when a modal state opens: behind a dialog the action may stay pending.
   */
  async act(action: () => Promise<WaitReport>): Promise<ActionOutcome> {
    await this.attaching;
    const waiting = action();
    // Behind a modal the step may stay pending and fail later; that failure must not go unhandled.
    waiting.catch(() => {});
    const modal = this.nextModal();
    try {
      const outcome: ActionOutcome = await Promise.race([
        waiting.then(wait => ({ wait })),
        modal.promise.then(() => ({})),
      ]);
      // The page clicked a file input: Playwright reports the chooser after calls of its own.
      if (outcome.wait?.fileChooserOpening && !this.modals.some(m => m.kind === 'fileChooser')) {
        const bound = delay(FILE_CHOOSER_WITHIN_MS);
        await Promise.race([modal.promise, bound.promise]);
        bound.cancel();
      }
      return outcome;
    } finally {
      modal.cancel();
    }
  }

  /** Runs a plain step (navigation, evaluate, mouse at x/y) inside the engine's waiter. */
  async step<T>(step: () => Promise<T>, options: WaitOptions = {}): Promise<ActionOutcome<T>> {
    let value: T | undefined;
    const outcome = await this.act(() => runAndWait(this.page, async () => { value = await step(); }, { dialogs: 'ask', ...options }));
    return { ...outcome, value };
  }

  /**
   * Markdown lines for what the page did since the last report: the console log file's new lines,
   * then (unless `inlineConsole` is false) errors and warnings, failed requests, downloads, dialogs.
   */
  async takeEventLines(options: { inlineConsole?: boolean } = {}): Promise<string[]> {
    const changes = changesSince(this.collectors, this.reported, this.consoleLevel);
    this.reported = mark(this.collectors);
    const link = await this.consoleLog.takeLink();
    const problems = options.inlineConsole === false ? [] : changes.problems;
    return [...(link ? [`- ${link}`] : []), ...formatChanges({ ...changes, problems, modalStates: [] })];
  }

  /** Writes one of the server's own error lines to the tab's console log file (see ConsoleLogFile.logError). */
  logError(text: string): void {
    this.consoleLog.logError(text);
  }

  isClosed(): boolean {
    return this.page.isClosed();
  }

  /** The page title, bounded; while a dialog freezes the page, the last one seen. `known`: read a moment ago with the page (a snapshot). */
  async title(known?: string): Promise<string> {
    // A crashed page has no title to read (and would not answer): the tab list shows it empty.
    if (this.crashed) return '';
    if (known !== undefined) return this.lastTitle = known;
    if (this.isBlocked()) return this.lastTitle;
    if (this.showsNothingYet()) return '';
    const aria = await this.aria().catch(() => undefined);
    const title = aria ? await aria.title(this.lastTitle) : this.lastTitle;
    this.lastTitle = title;
    return title;
  }
}
