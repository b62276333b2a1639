// Decides when the main frame starts a NEW DOCUMENT, from public Playwright events only.
// Playwright fires `framenavigated` for same-document navigations too (pushState, hash
// changes), so that event alone cannot split buckets. A cross-document navigation of an
// http(s) page is preceded by a main-frame navigation request; we remember it and, when the
// main frame commits to that URL, announce a new document together with the request that
// caused it (the request is sent before the commit, so its collector must move it over).
//
// It subscribes to the page's one PageNavigation (page-navigation.ts) instead of listening to the
// page itself; the collectors create it before their own listeners, so they see each new
// document before its events.
import type { Page, Request } from 'playwright';
import { guarded } from '../collectors/guard.js';
import { pageNavigation } from './page-navigation.js';

export interface NewDocument {
  url: string;
  /** 1 for the first document, +1 per cross-document navigation. */
  navigation: number;
  /** The main-frame request that loaded this document (last hop of a redirect chain). */
  request?: Request;
}

type Listener = (doc: NewDocument) => void;

export class NavigationTracker {
  private pending: Request | undefined;
  private lastUrl: string;
  private count = 1;
  private readonly listeners = new Set<Listener>();
  private readonly detach: () => void;

  constructor(page: Page) {
    this.lastUrl = page.url();
    const navigation = pageNavigation(page);
    const offRequests = navigation.onNavigationRequest({
      started: guarded((request: Request) => { this.pending = request; }),
      // A navigation that ends in a download, a 204 or an abort never commits.
      failed: guarded((request: Request) => { if (request === this.pending) this.pending = undefined; }),
    });
    const offCommits = navigation.onMainFrameCommit(guarded(frame => this.onMainFrameNavigated(frame.url())));
    this.detach = () => {
      offRequests();
      offCommits();
    };
  }

  /** Navigation number of the current document. */
  current(): number {
    return this.count;
  }

  currentUrl(): string {
    return this.lastUrl;
  }

  /** Register before the collectors' own listeners are needed; returns an unsubscribe. */
  onNewDocument(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.detach();
    this.listeners.clear();
  }

  private onMainFrameNavigated(url: string): void {
    const previous = this.lastUrl;
    this.lastUrl = url;
    const request = this.pending;
    if (request && withoutHash(request.url()) === withoutHash(url)) {
      this.pending = undefined;
      this.announce({ url, navigation: ++this.count, request });
      return;
    }
    // No request: about:blank, data: URLs, and anything whose origin changed cannot be a
    // same-document navigation (pushState cannot leave the origin).
    if (isCrossDocumentWithoutRequest(previous, url)) this.announce({ url, navigation: ++this.count });
  }

  private announce(doc: NewDocument): void {
    for (const listener of this.listeners) {
      try {
        listener(doc);
      } catch {
        // One broken collector must not stop the others from seeing the navigation.
      }
    }
  }
}

function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

function isCrossDocumentWithoutRequest(previous: string, next: string): boolean {
  if (!/^https?:/i.test(next)) return withoutHash(previous) !== withoutHash(next) || next === 'about:blank';
  return originOf(previous) !== originOf(next);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
