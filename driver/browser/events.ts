// A small log of what happened in a browser context besides the action itself (navigations,
// tabs opening and closing, crashes, downloads), so an agent hears about a popup or a
// navigation that its click caused. One log per context, shared by all its AriaPages.
// Navigations come from each page's one PageNavigation (navigation/page-navigation.ts).
import type { BrowserContext, Download, Frame, Page } from 'playwright';
import { pageNavigation } from '../navigation/page-navigation.js';

export type DriverEvent =
  | { type: 'navigation'; page: Page; url: string; frame: 'main' | 'child' }
  | { type: 'tab-opened'; page: Page; url: string; /** opened by window.open/target=_blank from this page */ opener?: Page }
  | { type: 'tab-closed'; page: Page; url: string }
  | { type: 'crash'; page: Page; url: string }
  | { type: 'download'; page: Page; url: string; suggestedFilename: string; download: Download };

export type DriverEventType = DriverEvent['type'];

/** Upper bound so a page that navigates in a loop cannot grow the log without limit. */
const MAX_EVENTS = 500;

export class EventLog {
  private events: DriverEvent[] = [];
  private readonly listeners = new Set<(event: DriverEvent) => void>();

  push(event: DriverEvent): void {
    this.events.push(event);
    if (this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
    for (const listener of this.listeners) listener(event);
  }

  /** Returns the events recorded since the last drain and forgets them. */
  drain(): DriverEvent[] {
    const drained = this.events;
    this.events = [];
    return drained;
  }

  /** The events recorded since the last drain, without forgetting them. */
  peek(): readonly DriverEvent[] {
    return this.events;
  }

  /** Calls `listener` for every new event; returns the unsubscribe function. */
  onEvent(listener: (event: DriverEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const logs = new WeakMap<BrowserContext, EventLog>();
const watchedPages = new WeakSet<Page>();

function watchPage(page: Page, log: EventLog): void {
  if (watchedPages.has(page)) return;
  watchedPages.add(page);
  pageNavigation(page).onFrameNavigated((frame: Frame) => {
    log.push({ type: 'navigation', page, url: frame.url(), frame: frame === page.mainFrame() ? 'main' : 'child' });
  });
  page.on('close', () => log.push({ type: 'tab-closed', page, url: page.url() }));
  page.on('crash', () => log.push({ type: 'crash', page, url: page.url() }));
  page.on('download', (download: Download) => {
    log.push({ type: 'download', page, url: download.url(), suggestedFilename: download.suggestedFilename(), download });
  });
}

/** The event log of a context, created (and its pages watched) on first use. */
export function eventLogFor(context: BrowserContext): EventLog {
  let log = logs.get(context);
  if (log) return log;
  const created = new EventLog();
  logs.set(context, created);
  for (const page of context.pages()) watchPage(page, created);
  context.on('page', (page: Page) => {
    watchPage(page, created);
    // opener() resolves once the page knows it; popups of our pages name their opener.
    // The URL is read when the event is reported: a popup starts as about:blank.
    const opened = (opener: Page | null) => created.push({ type: 'tab-opened', page, get url() { return page.url(); }, ...(opener ? { opener } : {}) });
    void page.opener().then(opened, () => opened(null));
  });
  return created;
}
