// Everything an action can set off besides DOM changes, collected from Playwright events that are
// subscribed BEFORE the action runs: a listener added afterwards would miss a navigation request
// sent during the click, or the old document's unload. Navigations come from the page's one
// PageNavigation (navigation/page-navigation.ts); dialogs, popups, downloads and code loads from
// the page.
import type { Dialog, Download, Frame, Page, Request } from 'playwright';
import type { DialogAnswer } from '../collectors/modal-state.js';
import type { DialogInfo } from './wait-report.js';
import { deferred, delay } from '../deadline.js';
import { pageNavigation } from '../navigation/page-navigation.js';
import { rememberOpenDialog } from '../navigation/dialogs.js';
import { watchWindowOpens } from '../page/cdp-frames.js';

export type NavigationOutcome = 'committed' | 'aborted' | 'timeout' | 'dialog';

/** How long a navigation request may finish before we conclude it will not commit (204, download). */
const ABORT_GRACE_MS = 100;

function isCode(request: Request): boolean {
  const type = request.resourceType();
  return type === 'script' || type === 'stylesheet';
}

export class PageEvents {
  dialog?: DialogInfo;
  readonly popups: Page[] = [];
  /** Windows the browser said the page is opening; each becomes a popup once it is set up. */
  private windowOpens = 0;
  readonly downloads: string[] = [];
  /** Main-frame document request seen (a cross-document navigation is on its way). */
  navigationRequest?: Request;
  /** Main frame committed a navigation (cross-document or history API) to this URL. */
  committedUrl?: string;

  private readonly dialogSeen = deferred();
  private readonly navigationSeen = deferred();
  private wake = deferred();
  private readonly off: Array<() => void> = [];

  /**
   * Subscribes at once (before the action runs). `mainFrame` is the page's main frame;
   * `policy` answers the dialogs the action opens ('ask': left open for their owner).
   */
  constructor(private readonly page: Page, readonly mainFrame: Frame, private readonly policy: DialogAnswer) {
    this.listen('dialog', (dialog: Dialog) => this.onDialog(dialog));
    const navigation = pageNavigation(page);
    this.off.push(navigation.onNavigationRequest({
      started: request => this.onRequest(request),
      finished: request => this.onRequestEnd(request),
      failed: request => this.onRequestEnd(request),
    }));
    this.off.push(navigation.onMainFrameCommit(frame => this.onFrameNavigated(frame)));
    this.listen('popup', (popup: Page) => { this.popups.push(popup); this.signal(); });
    this.off.push(watchWindowOpens(page, () => { this.windowOpens++; }));
    this.listen('download', (download: Download) => { this.downloads.push(download.suggestedFilename()); });
    this.listen('request', (request: Request) => { if (isCode(request)) this.codeLoads.add(request); });
    const loaded = (request: Request) => { if (this.codeLoads.delete(request)) this.signal(); };
    this.listen('requestfinished', loaded);
    this.listen('requestfailed', loaded);
  }

  /**
   * Scripts and style sheets requested since the action began that have not arrived: a code-split
   * chunk (React.lazy, a lazy route, an import() on click) or its CSS. The page's tracked work
   * cannot see them (an import() is no fetch), and what the page renders from them comes after.
   */
  get codeLoading(): boolean {
    return this.codeLoads.size > 0;
  }

  /** Waits (up to `timeoutMs`) until the scripts and style sheets loading now have arrived or failed. */
  codeArrived(timeoutMs: number): Promise<void> {
    return this.until(() => this.codeLoads.size === 0, timeoutMs);
  }

  /** Resolves when a dialog opens (the page is paused from then on). */
  get dialogOpened(): Promise<void> { return this.dialogSeen.promise; }
  /** Resolves when a main-frame document request starts. */
  get navigationStarted(): Promise<void> { return this.navigationSeen.promise; }

  dispose(): void {
    for (const off of this.off.splice(0)) off();
  }

  /** After navigationStarted: wait for the commit, or for the request to end without one. */
  async waitForCommit(timeoutMs: number): Promise<NavigationOutcome> {
    const deadline = Date.now() + timeoutMs;
    let endedAt: number | undefined;
    let endedRequest: Request | undefined;
    for (;;) {
      if (this.dialog) return 'dialog';
      if (this.committedUrl !== undefined && !this.navigationRequestPending()) return 'committed';
      const request = this.navigationRequest;
      if (request !== endedRequest) endedAt = undefined;   // a redirect: the new hop is still running
      if (request && this.requestEnded.has(request) && endedAt === undefined) { endedAt = Date.now(); endedRequest = request; }
      if (endedAt !== undefined && Date.now() - endedAt >= ABORT_GRACE_MS) return this.committedUrl !== undefined ? 'committed' : 'aborted';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      const nap = delay(Math.min(left, endedAt !== undefined ? ABORT_GRACE_MS : left));
      await Promise.race([this.wake.promise, nap.promise]);
      nap.cancel();
    }
  }

  /**
   * Wait (up to `timeoutMs`) until every window the action opened has arrived as a popup, so the
   * answer names the new tab and the next call goes to it, not to the tab the agent just left.
   */
  popupsArrived(timeoutMs: number): Promise<void> {
    return this.until(() => this.popups.length >= this.windowOpens, timeoutMs);
  }

  /** Waits (up to `timeoutMs`) until `done()`, checked at every event; a dialog or a closed page ends it early. */
  private async until(done: () => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done() && !this.dialog && !this.page.isClosed()) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const nap = delay(left);
      await Promise.race([this.wake.promise, nap.promise]);
      nap.cancel();
    }
  }

  private readonly requestEnded = new WeakSet<Request>();
  private readonly codeLoads = new Set<Request>();
  private committedAfterRequest = false;

  /** A document request started and its document has not committed yet. */
  private navigationRequestPending(): boolean {
    return !!this.navigationRequest && !this.committedAfterRequest;
  }

  private listen(event: string, handler: (arg: any) => void): void {
    const page = this.page as any;
    page.on(event, handler);
    this.off.push(() => page.off(event, handler));
  }

  private signal(): void {
    const old = this.wake;
    this.wake = deferred();
    old.resolve();
  }

  private onDialog(dialog: Dialog): void {
    this.dialog ??= { type: dialog.type(), message: dialog.message(), ...(dialog.type() === 'prompt' ? { defaultValue: dialog.defaultValue() } : {}) };
    // 'ask': whoever owns dialogs answers it later (the collectors' ModalStates, the caller);
    // when nobody does, leaving the page answers it (navigation/dialogs.ts).
    if (this.policy === 'accept') dialog.accept().catch(() => {});
    else if (this.policy === 'dismiss') dialog.dismiss().catch(() => {});
    else rememberOpenDialog(this.page, dialog);
    this.dialogSeen.resolve();
    this.signal();
  }

  /** A main-frame document request (PageNavigation reports only those). */
  private onRequest(request: Request): void {
    this.navigationRequest = request;   // redirects replace it with the next hop
    this.committedAfterRequest = false;
    this.navigationSeen.resolve();
    this.signal();
  }

  private onRequestEnd(request: Request): void {
    if (request !== this.navigationRequest) return;
    this.requestEnded.add(request);
    this.signal();
  }

  /** A main-frame commit (PageNavigation reports only those). */
  private onFrameNavigated(frame: Frame): void {
    this.committedUrl = frame.url();
    if (this.navigationRequest) this.committedAfterRequest = true;
    this.signal();
  }
}
