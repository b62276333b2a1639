// Everything an action can set off besides DOM changes, collected from Playwright events that are
// subscribed BEFORE the action runs: a listener added afterwards would miss a navigation request
// sent during the click, or the old document's unload.
import type { Dialog, Download, Frame, Page, Request } from 'playwright';
import type { DialogInfo } from './wait-report.js';
import { delay } from './page-calls.js';

export type DialogPolicy = 'leave' | 'accept' | 'dismiss';
export type NavigationOutcome = 'committed' | 'aborted' | 'timeout' | 'dialog';

/** How long a navigation request may finish before we conclude it will not commit (204, download). */
const ABORT_GRACE_MS = 100;

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>(r => { resolve = r; });
  return { promise, resolve };
}

export class PageEvents {
  dialog?: DialogInfo;
  readonly popups: Page[] = [];
  readonly downloads: string[] = [];
  /** Main-frame document request seen (a cross-document navigation is on its way). */
  navigationRequest?: Request;
  /** Main frame committed a navigation (cross-document or history API) to this URL. */
  committedUrl?: string;

  private readonly dialogSeen = deferred();
  private readonly navigationSeen = deferred();
  private wake = deferred();
  private readonly off: Array<() => void> = [];

  constructor(private readonly page: Page, private readonly mainFrame: Frame, private readonly policy: DialogPolicy) {
    this.listen('dialog', (dialog: Dialog) => this.onDialog(dialog));
    this.listen('request', (request: Request) => this.onRequest(request));
    this.listen('requestfinished', (request: Request) => this.onRequestEnd(request));
    this.listen('requestfailed', (request: Request) => this.onRequestEnd(request));
    this.listen('framenavigated', (frame: Frame) => this.onFrameNavigated(frame));
    this.listen('popup', (popup: Page) => { this.popups.push(popup); });
    this.listen('download', (download: Download) => { this.downloads.push(download.suggestedFilename()); });
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

  private readonly requestEnded = new WeakSet<Request>();
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
    // 'leave': whoever owns dialogs (the agent, via AriaPage) answers it later.
    if (this.policy === 'accept') dialog.accept().catch(() => {});
    if (this.policy === 'dismiss') dialog.dismiss().catch(() => {});
    this.dialogSeen.resolve();
    this.signal();
  }

  private onRequest(request: Request): void {
    if (!request.isNavigationRequest() || !this.isMainFrame(request)) return;
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

  private onFrameNavigated(frame: Frame): void {
    if (frame !== this.mainFrame) return;
    this.committedUrl = frame.url();
    if (this.navigationRequest) this.committedAfterRequest = true;
    this.signal();
  }

  private isMainFrame(request: Request): boolean {
    try {
      return request.frame() === this.mainFrame;
    } catch {
      return false; // service-worker requests have no frame
    }
  }
}
