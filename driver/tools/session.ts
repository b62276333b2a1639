// One tool session's browsing state (an MCP session, a CLI session): its own BrowserContext
// (started lazily on the first tool that needs a page, restarted if the browser crashed or
// disconnected), its tabs and the current one, and the events/notes waiting to be reported in
// the next response.
import type { BrowserContext, Page } from 'playwright';
import { debugLog, enforceOrigins, escapeRegExp, installWebMCP, newSessionIds, type BrowserHost, type ContextLease } from '../index.js';
import type { SessionConfig } from './config.js';
import { sep } from 'node:path';
import { checkFilePath, defaultOutputDir, outputPath, rootsToPaths, workspaceOf, type FilePolicy } from './files.js';
import { Tab } from './tab.js';
import { runInitPages } from './init-page.js';

/** Asks the client for its roots (MCP roots/list); [] when it has none or can't say. */
export type RootsProvider = () => Promise<string[]>;

const CRASH_RESET = 'Page crashed and was reset to about:blank.';

/** A tool reached for the browser after its session ended. */
export class SessionEndedError extends Error {
  constructor() {
    super('This session has ended (its client closed it or went away), so it opens no browser. Start a new session.');
    this.name = 'SessionEndedError';
  }
}

export class Session {
  readonly tabs: Tab[] = [];
  private current: Tab | undefined;
  private lease: Promise<ContextLease> | undefined;
  private leaseLost = false;
  private everStarted = false;
  private openingTab = false;
  /** Formatted when reported, so a popup shows the URL it reached, not the about:blank it started as. */
  private pendingEvents: Array<() => string> = [];
  private pendingNotes: string[] = [];
  /** Tabs this session is closing itself: their close is not news to report. */
  private readonly closingByUs = new WeakSet<Tab>();
  /** Console/network/download ids shared by all tabs of the session, so an id names one thing. */
  private readonly ids = newSessionIds();
  /** --init-page modules running on a new page: tools wait for them before using it. */
  private readonly initializing = new WeakMap<Page, Promise<void>>();
  private resolvedOutputDir: string | undefined;
  /** dispose() ran: nothing may open a browser context for this session again. */
  private disposed = false;

  constructor(readonly config: SessionConfig, private readonly host: BrowserHost, private readonly roots: RootsProvider = async () => []) {}

  /**
   * The current tab, starting the browser (or a new tab) when there is none. The tab counts as
   * used from now on, unless `forNavigation` (a navigation leaves the blank document it replaces).
   */
  async ensureTab(options: { forNavigation?: boolean } = {}): Promise<Tab> {
    const context = await this.ensureBrowserContext();
    if (this.current?.crashed) {
      // As Playwright MCP resets it: the crashed page closed, a blank one current in its place,
      // and the crash written to the new tab's console log (linked from Events) and told in Events.
      // In its place (same index), so the other tabs keep theirs.
      const fresh = await this.replaceTab(this.current);
      fresh.logError(CRASH_RESET);
      this.pendingEvents.push(() => `${CRASH_RESET} Navigate again to continue.`);
    }
    if (!this.current || this.current.isClosed()) {
      this.current = this.tabs.find(t => !t.isClosed());
      if (!this.current) this.markUntouched(await context.newPage());
    }
    await this.initializing.get(this.current!.page);
    if (!options.forNavigation) this.current!.untouched = false;
    return this.current!;
  }

  /** A page the session just opened, still on its initial blank document. */
  private markUntouched(page: Page): void {
    const tab = this.tabs.find(t => t.page === page);
    if (tab && page.url() === 'about:blank') tab.untouched = true;
  }

  currentTabOrUndefined(): Tab | undefined {
    return this.current && !this.current.isClosed() ? this.current : undefined;
  }

  async newTab(): Promise<Tab> {
    const fresh = !this.lease || this.leaseLost;
    const context = await this.ensureBrowserContext();
    // A browser starts with one blank tab (Playwright MCP's persistent context does), so the
    // first "new" tab is tab 1 and tab indexes match what agents were taught.
    if (fresh && !this.tabs.length) await this.ensureTab();
    this.openingTab = true;
    const page = await context.newPage().finally(() => { this.openingTab = false; });
    this.markUntouched(page);
    const tab = this.tabs.find(t => t.page === page)!;
    this.current = tab;
    await this.initializing.get(page);
    return tab;
  }

  selectTab(index: number): Tab {
    const tab = this.tabs[index];
    if (!tab) throw new Error(`No tab at index ${index}: there ${this.tabs.length === 1 ? 'is 1 tab' : `are ${this.tabs.length} tabs`} (0-based). List them with browser_tabs action "list".`);
    this.current = tab;
    return tab;
  }

  async closeTab(index: number | undefined): Promise<void> {
    const tab = index === undefined ? this.current : this.tabs[index];
    if (!tab) throw new Error(`No tab at index ${index}. List the tabs with browser_tabs action "list".`);
    this.closingByUs.add(tab);
    await tab.page.close({ runBeforeUnload: false }).catch(() => {});
    this.forget(tab);
  }

  /**
   * Puts a fresh tab in place of `tab` (same index, selected) and closes the old page without
   * running its unload handlers: the way out of a page that no longer answers.
   */
  async replaceTab(tab: Tab): Promise<Tab> {
    const fresh = await this.newTab();
    const index = this.tabs.indexOf(tab);
    if (index >= 0) {
      this.tabs.splice(this.tabs.indexOf(fresh), 1);
      this.tabs.splice(index, 0, fresh);
    }
    this.closingByUs.add(tab);
    await tab.page.close({ runBeforeUnload: false }).catch(() => {});
    this.forget(tab);
    this.current = fresh;
    return fresh;
  }

  /**
   * Ends this session's browsing: its context closed (a shared one, a persistent profile or a
   * connected browser's own, is only let go); the next tool starts afresh.
   * @returns false when the browser keeps running because the context is shared.
   */
  async closeBrowser(): Promise<boolean> {
    const lease = this.lease;
    this.lease = undefined;
    this.leaseLost = false;
    this.tabs.length = 0;
    this.current = undefined;
    const held = lease ? await lease.catch(() => undefined) : undefined;
    await held?.release();
    return !held?.shared;
  }

  /** Ends the session for good: its context released, and any tool still running refused a new one. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await this.closeBrowser();
  }

  async takeEvents(): Promise<string[]> {
    const events = this.pendingEvents.map(format => format());
    this.pendingEvents = [];
    // --snapshot-mode none keeps responses lean: console messages are only in the log file.
    const inlineConsole = this.config.snapshotMode !== 'none';
    for (const tab of [...this.tabs]) {
      const lines = (await tab.takeEventLines({ inlineConsole })).map(line => line.replace(/^- /, ''));
      const where = this.tabs.length > 1 ? ` (tab ${this.tabs.indexOf(tab)})` : '';
      events.push(...lines.map(line => line + where));
    }
    return events;
  }

  private lastPage: { tab: Tab | undefined; text: string } | undefined;

  /** Whether an answer should show this Page section: not when the last one showed it for the same tab. */
  pageShown(tab: Tab | undefined, text: string): boolean {
    const same = this.lastPage?.tab === tab && this.lastPage?.text === text;
    this.lastPage = { tab, text };
    return !same;
  }

  takeNotes(): string[] {
    const notes = this.pendingNotes;
    this.pendingNotes = [];
    return notes;
  }

  async filePolicy(): Promise<FilePolicy> {
    const roots = rootsToPaths(await this.roots().catch(() => []));
    // No roots: the working directory is the workspace, allowed as Playwright MCP allows it.
    return { outputDir: this.outputDirFor(roots), roots: roots.length ? roots : [workspaceOf(roots)], allowAnywhere: this.config.allowFileAccess };
  }

  /** Where files without a path go: --output-dir, else `.playwright-mcp` in the client's workspace. */
  async outputDir(): Promise<string> {
    return this.outputDirFor(rootsToPaths(await this.roots().catch(() => [])));
  }

  private outputDirFor(roots: string[]): string {
    // Fixed at the first answer: downloads, logs and links keep one home for the session.
    this.resolvedOutputDir ??= this.config.outputDir ?? defaultOutputDir(roots);
    return this.resolvedOutputDir;
  }

  /**
   * Paths as responses show them (--file-paths, default relative): files inside the workspace
   * (the first root, else the working directory) relative to it, as Playwright MCP prints them;
   * others stay absolute. Only a path that starts a word is rewritten, never one inside a URL.
   */
  async relativizePaths(text: string): Promise<string> {
    if (this.config.filePaths === 'absolute') return text;
    const workspace = workspaceOf(rootsToPaths(await this.roots().catch(() => [])));
    if (workspace === sep) return text;
    // Playwright MCP's printable path: relative to the workspace, with `./` only for a file
    // directly in it (`./shot.png`, `output/page.png`, `.playwright-mcp/page.yml`).
    const inside = new RegExp(`(^|[\\s(\\[\`"'])${escapeRegExp(workspace + sep)}([^\\s)\\]\`"']*)`, 'gm');
    return text.replace(inside, (_, start: string, rest: string) => `${start}${rest.includes(sep) || rest.startsWith('.') ? '' : './'}${rest}`);
  }

  /** An upload source path, checked against the roots (relative paths resolve against the workspace). */
  async inputFile(path: string): Promise<string> {
    return checkFilePath(await this.filePolicy(), path, 'Upload');
  }

  /** Where to write an output file: `requested` (checked; relative to the workspace) or a generated name in the output directory. */
  async outputFile(requested: string | undefined, generatedName: string, purpose: string): Promise<string> {
    return outputPath(await this.filePolicy(), requested, generatedName, purpose);
  }

  private async ensureBrowserContext(): Promise<BrowserContext> {
    if (this.disposed) throw new SessionEndedError();
    if (this.lease && this.leaseLost) {
      // Handed back, so the host knows this session no longer holds its browser.
      await this.lease.then(lost => lost.release(), () => {});
      this.lease = undefined;
      this.tabs.length = 0;
      this.current = undefined;
      this.pendingNotes.push(this.config.connect
        ? 'The browser connection was lost; reconnected. Earlier tabs are gone: navigate again.'
        : 'The browser had closed or crashed; started a new one. Earlier tabs are gone: navigate again.');
    }
    if (!this.lease) {
      const starting = this.startContext();
      this.lease = starting;
      starting.catch(() => { if (this.lease === starting) this.lease = undefined; });
    }
    return (await this.lease).context;
  }

  private async startContext(): Promise<ContextLease> {
    await this.outputDir();
    const lease = await this.host.newContext();
    // Disposed while the context was opening: nobody is left to release it but us.
    if (this.disposed) {
      await lease.release();
      throw new SessionEndedError();
    }
    const { context } = lease;
    this.leaseLost = false;
    if (this.everStarted && !this.pendingNotes.some(n => n.startsWith('The browser'))) this.pendingNotes.push('Started a new browser session.');
    this.everStarted = true;
    context.setDefaultTimeout(this.config.actionTimeoutMs);
    context.setDefaultNavigationTimeout(this.config.navigationTimeoutMs);
    await enforceOrigins(context, { allowed: this.config.allowedOrigins, blocked: this.config.blockedOrigins });
    if (this.config.webmcp) await installWebMCP(context);
    const lost = () => {
      if (!this.lease || this.leaseLost) return;
      this.leaseLost = true;
      debugLog('pw:mcp:backend', 'browser disconnected');
    };
    context.on('close', lost);
    context.browser()?.on('disconnected', lost);
    for (const page of context.pages()) this.adopt(page, false);
    context.on('page', page => this.adopt(page, true));
    return lease;
  }

  private adopt(page: Page, announce: boolean): void {
    if (this.tabs.some(t => t.page === page)) return;
    const tab = new Tab(page, { outputDir: this.resolvedOutputDir!, ids: this.ids, beforeUnload: this.config.beforeUnload, consoleLevel: this.config.consoleLevel, secrets: this.config.secrets });
    this.tabs.push(tab);
    page.on('close', () => this.onPageClosed(tab));
    if (this.config.initPages.length) {
      // A failing module fails the tool that waits for the page, once, with its message: a hook
      // that never ran must not go unnoticed (Playwright MCP reports it the same way).
      const running = runInitPages(this.config.initPages, page).catch(error => {
        this.initializing.set(page, Promise.resolve());
        throw new Error(`${(error as Error).message} Fix the module or restart without --init-page; the page is open without it.`);
      });
      running.catch(() => {}); // a page no tool waits for (a popup) must not become an unhandled rejection
      this.initializing.set(page, running);
    }
    const popup = announce && !this.openingTab && this.tabs.length > 1;
    if (!popup) {
      this.current ??= tab;
      return;
    }
    // Popups (target=_blank, window.open) become the current tab, as a user would see them.
    this.current = tab;
    this.pendingEvents.push(() => `New tab opened (index ${Math.max(0, this.tabs.indexOf(tab))}) and selected: ${page.url() || 'about:blank'}. Switch back with browser_tabs action "select".`);
  }

  /** A page closed: by us (nothing to say), or by itself or the browser (the agent must know). */
  private onPageClosed(tab: Tab): void {
    const index = this.tabs.indexOf(tab);
    const wasCurrent = this.current === tab;
    this.forget(tab);
    if (index < 0 || this.closingByUs.has(tab) || tab.crashed) return;
    const url = tab.page.url() || 'about:blank';
    const next = this.current ? `tab ${this.tabs.indexOf(this.current)} (${this.current.page.url() || 'about:blank'}) is now the current tab` : 'no tab is left: the next tool opens a blank one';
    this.pendingNotes.push(wasCurrent
      ? `The current tab (${url}) closed itself; ${next}.`
      : `Tab ${index} (${url}) closed itself; the other tabs moved up.`);
  }

  private forget(tab: Tab): void {
    const index = this.tabs.indexOf(tab);
    if (index >= 0) this.tabs.splice(index, 1);
    if (this.current === tab) this.current = this.tabs[Math.max(0, index - 1)];
  }
}
