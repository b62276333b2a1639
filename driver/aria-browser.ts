// AriaBrowser: a launched or connected browser whose context has the ariaref runtime in every
// frame, handing out AriaPages.
import type { Browser, BrowserContext } from 'playwright';
import { AriaPage } from './aria-page.js';
import { eventLogFor, type EventLog } from './browser/events.js';
import { installRuntime } from './page/inject.js';
import { ensureSelectorEngine } from './page/selector-engine.js';

export class AriaBrowser {
  /** Tabs opened, closed, navigated, crashed, downloads: for the whole context. */
  readonly events: EventLog;

  /**
   * @param browser the Playwright Browser (null for a persistent profile)
   * @param context the context ariaref drives
   * @param ownsBrowser close() closes the browser (launched) or only disconnects (connected)
   */
  constructor(readonly browser: Browser | null, readonly context: BrowserContext, private readonly ownsBrowser: boolean) {
    this.events = eventLogFor(context);
  }

  /** Prepares a context: runtime in every frame, the `ariaref=` selector engine. */
  static async create(browser: Browser | null, context: BrowserContext, ownsBrowser: boolean): Promise<AriaBrowser> {
    await Promise.all([installRuntime(context), ensureSelectorEngine(context)]);
    return new AriaBrowser(browser, context, ownsBrowser);
  }

  /** Opens a new tab. */
  async newPage(): Promise<AriaPage> {
    return AriaPage.attach(await this.context.newPage());
  }

  /** The open tabs, oldest first (including popups and pages open before connecting). */
  pages(): Promise<AriaPage[]> {
    return Promise.all(this.context.pages().map(page => AriaPage.attach(page)));
  }

  /** Closes a launched browser; for a connected one, disconnects and leaves it running. */
  async close(): Promise<void> {
    if (this.ownsBrowser) {
      await this.context.close().catch(() => {});
      await this.browser?.close().catch(() => {});
      return;
    }
    // Closing a connected browser object only disconnects; the user's browser keeps running.
    await this.browser?.close().catch(() => {});
  }
}
