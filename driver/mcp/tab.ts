// One browser tab as the server sees it: the Playwright page, its snapshot/ref driver, and the
// collectors (driver/collectors) that record console, network, downloads and modal states
// (dialogs, file choosers) from the page's first event.
import type { Page } from 'playwright';
import type { PageDriver } from './adapter/page-driver.js';
import { AriaPageDriver } from './adapter/aria-driver.js';
import {
  attachCollectors, changesSince, mark, renderChanges,
  type DialogPolicy, type Mark, type ModalState, type PageCollectors, type SessionIds,
} from '../collectors/index.js';

export type { ModalState };

export class Tab {
  readonly driver: PageDriver;
  readonly collectors: PageCollectors;
  crashed = false;
  private lastTitle = '';
  /** The last whole-page snapshot sent, the base of the next diff (--snapshot-mode diff). */
  lastSnapshot: { yaml: string; url: string } | undefined;
  /** Collector positions already reported, so each event is told once. */
  private reported: Mark;

  constructor(readonly page: Page, options: { outputDir: string; ids: SessionIds; beforeUnload?: DialogPolicy['beforeUnload'] }) {
    this.driver = new AriaPageDriver(page);
    this.collectors = attachCollectors(page, { outputDir: options.outputDir, ids: options.ids, dialogPolicy: { action: 'ask', beforeUnload: options.beforeUnload ?? 'accept' } });
    this.reported = { console: 0, network: 0, downloads: 0, dialogs: 0 };
    page.on('crash', () => { this.crashed = true; });
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

  /** Markdown lines for what the page did since the last report (errors, failed requests, downloads, dialogs). */
  takeEventLines(): string[] {
    const changes = changesSince(this.collectors, this.reported);
    this.reported = mark(this.collectors);
    return renderChanges({ ...changes, modalStates: [] });
  }

  isClosed(): boolean {
    return this.page.isClosed();
  }

  /** The page title, bounded; while a dialog freezes the page, the last one seen. */
  async title(): Promise<string> {
    if (this.isBlocked()) return this.lastTitle;
    let timer: NodeJS.Timeout | undefined;
    try {
      this.lastTitle = await Promise.race([
        this.page.title(),
        new Promise<string>(resolve => { timer = setTimeout(() => resolve(this.lastTitle), 2000); }),
      ]);
      return this.lastTitle;
    } catch {
      return this.lastTitle;
    } finally {
      clearTimeout(timer);
    }
  }
}
