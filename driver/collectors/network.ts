// Every request of one page, split by document, capped per document. The Playwright Request
// and Response objects of kept items are held so headers and bodies can be fetched later on
// demand (see network-bodies.ts) instead of buffering every body up front.
import type { Page, Request, Response } from 'playwright';
import { guarded } from './guard.js';
import { Buckets, IdSource, type Bucket } from './buckets.js';
import type { NavigationTracker, NewDocument } from '../navigation/documents.js';
import { pageNavigation } from '../navigation/page-navigation.js';
import { ErrorBodies } from './error-bodies.js';
import { listingOf, type Listing, type Paging } from './listing.js';
import type { NetworkItem, RequestState } from './network-item.js';
import { routeMarkOf } from '../routes/marks.js';
import { ArgumentError } from '../errors.js';

export interface NetworkFilter {
  /** Substring of the URL, or /regex/flags. */
  url?: string;
  /** Resource types (document, script, fetch, xhr, image, stylesheet, font, media, ...). */
  resourceTypes?: string[];
  /** e.g. 404, '4xx', '>=400', 'failed', 'ok', 'pending', 'error' (HTTP >= 400 or failed). */
  status?: string;
  includeEarlier?: boolean;
}

export interface NetworkQuery extends NetworkFilter, Paging {
  /** false: leave out successful static resources (anything but fetch/xhr answered below 400), as Playwright MCP does by default. */
  static?: boolean;
}

export interface NetworkListing extends Listing<NetworkItem> {
  /** A URL, resource type or status filter narrowed the matches. */
  filtered: boolean;
  /** Matches left out by `static: false`. */
  hiddenStatic: number;
}

/** Playwright MCP's "static": a finished, successful request that is not fetch/xhr. */
function isStaticResource(item: NetworkItem): boolean {
  const fetchLike = item.resourceType === 'fetch' || item.resourceType === 'xhr';
  return !fetchLike && item.status !== undefined && item.status < 400;
}

/** A URL pattern or status filter that cannot be read; the message says what is accepted. */
export class NetworkFilterError extends ArgumentError {
  constructor(message: string, readonly kind: 'url-pattern' | 'status') {
    super(message, kind === 'status' ? 'status' : 'url');
    this.name = 'NetworkFilterError';
  }
}

export interface NetworkOptions {
  ids?: IdSource;
  keep?: number;
  /** Most requests kept per document (default 1000); the oldest are dropped first. */
  cap?: number;
}

export class NetworkCollector {
  readonly buckets: Buckets<NetworkItem>;
  private readonly ids: IdSource;
  private byRequest = new WeakMap<Request, NetworkItem>();
  private readonly errorBodies = new ErrorBodies();
  private readonly detach: () => void;

  constructor(page: Page, tracker: NavigationTracker, options: NetworkOptions = {}) {
    this.ids = options.ids ?? new IdSource();
    this.buckets = new Buckets<NetworkItem>(tracker.currentUrl(), tracker.current(), {
      keep: options.keep,
      cap: options.cap ?? 1000,
      pinned: item => item.isDocument,
    });
    const onRequest = guarded((request: Request) => this.onRequest(page, request));
    const onResponse = guarded((response: Response) => this.onResponse(response));
    const onFinished = guarded((request: Request) => this.onDone(request, 'finished'));
    const onFailed = guarded((request: Request) => this.onDone(request, 'failed'));
    const offNav = tracker.onNewDocument(doc => this.onNewDocument(doc));
    page.on('request', onRequest);
    page.on('response', onResponse);
    page.on('requestfinished', onFinished);
    page.on('requestfailed', onFailed);
    this.detach = () => {
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfinished', onFinished);
      page.off('requestfailed', onFailed);
      offNav();
    };
  }

  lastId(): number {
    return this.ids.peek();
  }

  find(id: number): { item: NetworkItem; bucket: Bucket<NetworkItem> } | undefined {
    return this.buckets.find(id);
  }

  list(filter: NetworkFilter = {}): Array<{ bucket: Bucket<NetworkItem>; items: NetworkItem[] }> {
    const matchUrl = urlMatcher(filter.url);
    const types = filter.resourceTypes?.length ? new Set(filter.resourceTypes.map(t => t.toLowerCase())) : undefined;
    const matchStatus = statusMatcher(filter.status);
    return this.buckets.select(!!filter.includeEarlier).map(bucket => ({
      bucket,
      items: bucket.items.filter(item => matchUrl(item.url) && (!types || types.has(item.resourceType)) && matchStatus(item)),
    }));
  }

  /** One page of the matching requests; throws for a malformed URL pattern or status filter. */
  query(query: NetworkQuery = {}): NetworkListing {
    const includeEarlier = !!query.includeEarlier;
    const matches = this.list(query);
    const shown = query.static === false ? matches.map(({ bucket, items }) => ({ bucket, items: items.filter(item => !isStaticResource(item)) })) : matches;
    const count = (groups: typeof matches) => groups.reduce((sum, group) => sum + group.items.length, 0);
    const listing = listingOf(this.buckets, shown, includeEarlier, query);
    return { ...listing, filtered: !!(query.url || query.resourceTypes?.length || query.status), hiddenStatic: count(matches) - count(shown) };
  }

  /** Forgets the requests so far (in flight ones too, so none comes back); later ones are listed as usual. */
  clear(): void {
    this.buckets.clear();
    this.byRequest = new WeakMap();
  }

  dispose(): void {
    this.detach();
  }

  private onRequest(page: Page, request: Request): void {
    const redirectedFrom = request.redirectedFrom();
    const item: NetworkItem = {
      id: this.ids.next(),
      method: request.method(),
      url: request.url(),
      resourceType: request.resourceType(),
      isDocument: pageNavigation(page).isMainFrameDocumentRequest(request),
      state: 'pending',
      startTime: Date.now(),
      redirectedFromId: redirectedFrom ? this.byRequest.get(redirectedFrom)?.id : undefined,
      request,
    };
    this.byRequest.set(request, item);
    this.buckets.add(item);
  }

  private onResponse(response: Response): void {
    const item = this.byRequest.get(response.request());
    if (!item) return;
    item.response = response;
    item.status = response.status();
    item.statusText = response.statusText();
    item.fromServiceWorker = response.fromServiceWorker();
    item.routed = routeMarkOf(item.request);
  }

  private onDone(request: Request, state: RequestState): void {
    const item = this.byRequest.get(request);
    if (!item) return;
    item.state = state;
    if (state === 'failed') item.failure = request.failure()?.errorText ?? 'failed';
    item.routed ??= routeMarkOf(request);
    item.durationMs = durationOf(request, item.startTime);
    if (state === 'finished') this.errorBodies.capture(item);
  }

  /** The document's request (and its redirect hops) was sent before the commit: move it over. */
  private onNewDocument(doc: NewDocument): void {
    const carry: NetworkItem[] = [];
    for (let request = doc.request; request; request = request.redirectedFrom() ?? undefined) {
      const item = this.byRequest.get(request);
      if (item) carry.push(item);
    }
    this.buckets.startDocument(doc.url, doc.navigation, carry);
  }
}

function durationOf(request: Request, startTime: number): number {
  try {
    const timing = request.timing();
    if (timing.responseEnd >= 0) return Math.round(timing.responseEnd);
  } catch {
    // Timing is unavailable for some requests (e.g. served from memory cache).
  }
  return Date.now() - startTime;
}

function urlMatcher(pattern: string | undefined): (url: string) => boolean {
  if (!pattern) return () => true;
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (regex) {
    let compiled: RegExp;
    try {
      compiled = new RegExp(regex[1], regex[2]);
    } catch (error) {
      throw new NetworkFilterError(`Invalid URL regex ${pattern}: ${(error as Error).message}. Fix the pattern or pass a plain substring.`, 'url-pattern');
    }
    return url => compiled.test(url);
  }
  return url => url.includes(pattern);
}

function statusMatcher(status: string | undefined): (item: NetworkItem) => boolean {
  const spec = status?.trim().toLowerCase();
  if (!spec) return () => true;
  if (spec === 'failed') return item => item.state === 'failed';
  if (spec === 'pending') return item => item.state === 'pending' && item.status === undefined;
  if (spec === 'error') return item => item.state === 'failed' || (item.status ?? 0) >= 400;
  if (spec === 'ok') return item => item.status !== undefined && item.status < 400;
  const klass = /^([1-5])xx$/.exec(spec);
  if (klass) return item => item.status !== undefined && Math.floor(item.status / 100) === Number(klass[1]);
  const compare = /^(>=|<=|>|<|=)?\s*(\d{3})$/.exec(spec);
  if (compare) {
    const n = Number(compare[2]);
    const op = compare[1] ?? '=';
    return item => item.status !== undefined && compareStatus(item.status, op, n);
  }
  throw new NetworkFilterError(`Unknown status filter "${status}". Use a code (404), a class (4xx), a comparison (>=400), or one of: failed, error, ok, pending.`, 'status');
}

function compareStatus(status: number, op: string, n: number): boolean {
  switch (op) {
    case '>=': return status >= n;
    case '<=': return status <= n;
    case '>': return status > n;
    case '<': return status < n;
    default: return status === n;
  }
}
