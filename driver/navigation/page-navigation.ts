// The one place that listens to a page's navigations. Every part of ariaref that cares about
// them (new-document detection for the collectors, the action waiter's PageEvents, churn
// counting, the context's EventLog, leaving a page) subscribes here instead of adding its own
// Playwright listeners: one set of listeners per page, dispatched in subscription order.
//
// Playwright listeners are added when the first subscriber needs an event and removed when the
// last one leaves, so a page nobody watches costs nothing (Playwright subscribes to request
// events per listener count). A subscriber sees exactly the events that arrive between its
// subscribe and its unsubscribe, in the order Playwright emits them.
import type { Frame, Page, Request } from 'playwright';

/** Main-frame document requests: each redirect hop is a request of its own. */
export interface NavigationRequestListener {
  /** A main-frame navigation (document) request was sent. */
  started?(request: Request): void;
  /** One of those requests finished (response body received; also a redirect hop). */
  finished?(request: Request): void;
  /** One of those requests failed or was aborted (download, 204, cancelled, cut short). */
  failed?(request: Request): void;
}

type PageEvent = 'request' | 'requestfinished' | 'requestfailed' | 'framenavigated';

/** A Playwright event with its subscribers, listened to only while it has some. */
class Channel<A> {
  private readonly subscribers = new Set<(arg: A) => void>();
  private readonly handler = (arg: A) => {
    try {
      if (this.accept && !this.accept(arg)) return;
    } catch {
      return; // a request Playwright cannot describe (it went away): nobody's concern
    }
    // A copy, like Node's EventEmitter: who (un)subscribes during a dispatch changes the next one.
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber(arg);
      } catch {
        // One broken subscriber must not keep the others from seeing the event, nor throw into
        // Playwright's event emitter (that would surface as an uncaught exception).
      }
    }
  };

  /** `accept` filters (and may record) each event once, before any subscriber sees it. */
  constructor(private readonly page: Page, private readonly event: PageEvent, private readonly accept?: (arg: A) => boolean) {}

  subscribe(subscriber: (arg: A) => void): () => void {
    const page = this.page as unknown as { on(event: string, handler: (arg: A) => void): void; off(event: string, handler: (arg: A) => void): void };
    if (!this.subscribers.size) page.on(this.event, this.handler);
    // A fresh wrapper per subscription: the same function subscribed twice counts twice.
    const entry = (arg: A) => subscriber(arg);
    this.subscribers.add(entry);
    return once(() => {
      this.subscribers.delete(entry);
      if (!this.subscribers.size) page.off(this.event, this.handler);
    });
  }
}

export class PageNavigation {
  /** Main-frame document requests, so the ends of exactly those can be reported. */
  private readonly documentRequests = new WeakSet<Request>();
  private readonly requests: Channel<Request>;
  private readonly finishedRequests: Channel<Request>;
  private readonly failedRequests: Channel<Request>;
  private readonly navigated: Channel<Frame>;

  private constructor(readonly page: Page) {
    this.requests = new Channel<Request>(page, 'request', request => {
      if (!this.isMainFrameDocumentRequest(request)) return false;
      this.documentRequests.add(request);
      return true;
    });
    const isDocument = (request: Request) => this.documentRequests.has(request);
    this.finishedRequests = new Channel<Request>(page, 'requestfinished', isDocument);
    this.failedRequests = new Channel<Request>(page, 'requestfailed', isDocument);
    this.navigated = new Channel<Frame>(page, 'framenavigated');
  }

  /** The navigation tracker of `page` (one per page). */
  static of(page: Page): PageNavigation {
    let tracker = trackers.get(page);
    if (!tracker) {
      tracker = new PageNavigation(page);
      trackers.set(page, tracker);
    }
    return tracker;
  }

  /** True when `request` is a navigation request of the page's main frame. */
  isMainFrameDocumentRequest(request: Request): boolean {
    return request.isNavigationRequest() && frameOf(request) === this.page.mainFrame();
  }

  /**
   * Main-frame navigation requests as they start, finish or fail. Subscribe before whatever may
   * send one: a request sent before the subscription is never reported, nor is its end.
   */
  onNavigationRequest(listener: NavigationRequestListener): () => void {
    // Always on 'request': that is where a request is recognised as a document request.
    const offs = [this.requests.subscribe(request => listener.started?.(request))];
    if (listener.finished) offs.push(this.finishedRequests.subscribe(request => listener.finished?.(request)));
    if (listener.failed) offs.push(this.failedRequests.subscribe(request => listener.failed?.(request)));
    return once(() => { for (const off of offs) off(); });
  }

  /** Every commit of the main frame: a new document or a same-document navigation (pushState, hash). */
  onMainFrameCommit(listener: (frame: Frame) => void): () => void {
    return this.onFrameCommit(frame => { if (frame === this.page.mainFrame()) listener(frame); });
  }

  /** Every commit of any frame of the page, same-document navigations included. */
  onFrameCommit(listener: (frame: Frame) => void): () => void {
    return this.navigated.subscribe(listener);
  }

  /** Every commit of any frame (main and child). */
  onFrameNavigated(listener: (frame: Frame) => void): () => void {
    return this.navigated.subscribe(listener);
  }

  /**
   * Counts main-frame commits from now on; `reached` resolves once `limit` have happened.
   * Commits, not requests: request events can arrive late, after the document they belonged to
   * was already left, and would be counted against the next one.
   */
  watchCommits(limit: number): CommitWatch {
    let count = 0;
    let reach: () => void = () => {};
    const reached = new Promise<void>(resolve => { reach = resolve; });
    const stop = this.onMainFrameCommit(() => { if (++count >= limit) reach(); });
    return { reached, count: () => count, stop };
  }
}

/** Main-frame commits counted since a watch began. */
export interface CommitWatch {
  /** Resolves once `limit` main-frame commits (documents or same-document navigations) happened. */
  reached: Promise<void>;
  /** Commits seen so far. */
  count(): number;
  stop(): void;
}

const trackers = new WeakMap<Page, PageNavigation>();

/** The one navigation tracker of `page`. */
export function pageNavigation(page: Page): PageNavigation {
  return PageNavigation.of(page);
}

/** Equal up to the fragment (a page may add one on load). */
export function sameDocumentUrl(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}

/** Service-worker requests have no frame and Playwright throws when asked. */
export function frameOf(request: Request): Frame | undefined {
  try {
    return request.frame();
  } catch {
    return undefined;
  }
}

function once(off: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    off();
  };
}
