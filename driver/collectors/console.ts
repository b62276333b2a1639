// console.* messages and uncaught errors of one page, as one stream split by document.
// Chromium reports unhandled promise rejections through the same `pageerror` event as thrown
// exceptions (checked: `Promise.reject(new Error('x'))` arrives with its stack, a rejected
// non-Error value arrives with an empty stack), so no page-side hook is needed.
import type { Page, ConsoleMessage } from 'playwright';
import { guarded } from './guard.js';
import { Buckets, IdSource, type Bucket } from './buckets.js';
import type { NavigationTracker, NewDocument } from '../navigation/documents.js';
import { listingOf, type Listing, type Paging } from './listing.js';

export type ConsoleLevel = 'error' | 'warning' | 'info' | 'debug';

export interface ConsoleItem {
  id: number;
  /** 'console' for console.* calls, 'error' for uncaught exceptions and unhandled rejections. */
  source: 'console' | 'error';
  /** Playwright's console type ('log', 'warning', 'assert', ...) or 'pageerror'. */
  type: string;
  level: ConsoleLevel;
  text: string;
  /** The stored text was cut to keep memory bounded. */
  truncated: boolean;
  location?: { url: string; line: number; column: number };
  stack?: string;
  /** Times seen in a row (or among the last few messages): repeats bump this instead of adding items. */
  count: number;
  firstTime: number;
  lastTime: number;
}

export interface ConsoleQuery extends Paging {
  /** Lowest severity listed: 'error' lists errors only, 'debug' lists everything. Default 'info'. */
  level?: ConsoleLevel;
  includeEarlier?: boolean;
}

export interface ConsoleListing extends Listing<ConsoleItem> {
  level: ConsoleLevel;
  /** Messages of the listed documents left out for being below `level`. */
  hiddenByLevel: number;
}

export interface ConsoleOptions {
  ids?: IdSource;
  keep?: number;
  cap?: number;
  /** Longest text kept per message; a page logging megabytes must not exhaust memory. */
  maxTextLength?: number;
}

const LEVEL_RANK: Record<ConsoleLevel, number> = { error: 0, warning: 1, info: 2, debug: 3 };

/** Whether a message at `level` is as severe as `least` or more. */
export function meetsLevel(level: ConsoleLevel, least: ConsoleLevel): boolean {
  return LEVEL_RANK[level] <= LEVEL_RANK[least];
}
// A repeat is merged when it matches one of this many latest messages (interleaved timers).
const REPEAT_WINDOW = 5;

export class ConsoleCollector {
  readonly buckets: Buckets<ConsoleItem>;
  private readonly ids: IdSource;
  private readonly maxText: number;
  private readonly detach: () => void;
  private readonly recordListeners = new Set<(item: ConsoleItem, bucket: Bucket<ConsoleItem>) => void>();

  constructor(page: Page, tracker: NavigationTracker, options: ConsoleOptions = {}) {
    this.ids = options.ids ?? new IdSource();
    this.maxText = options.maxTextLength ?? 20_000;
    this.buckets = new Buckets<ConsoleItem>(tracker.currentUrl(), tracker.current(), options);
    // A popup can log before anyone could listen (its first script runs before the 'page' event
    // reaches us): Playwright keeps recent messages, so take the ones we missed from there.
    let early: ConsoleMessage[] | undefined = [];
    const onConsole = guarded((message: ConsoleMessage) => {
      early?.push(message);
      this.onConsole(message);
    });
    const backfill = typeof page.consoleMessages === 'function' ? page.consoleMessages({ filter: 'since-navigation' }) : Promise.resolve([]);
    backfill.then(stored => {
      // Events come before the answer on the same channel: `stored` ends with what we heard live.
      const missed = stored.length - (early?.length ?? 0);
      early = undefined;
      for (const message of stored.slice(0, Math.max(0, missed))) guarded(() => this.onConsole(message))();
    }, () => { early = undefined; });
    const onError = guarded((error: Error) => this.onPageError(error));
    const offNav = tracker.onNewDocument((doc: NewDocument) => this.buckets.startDocument(doc.url, doc.navigation));
    page.on('console', onConsole);
    page.on('pageerror', onError);
    this.detach = () => {
      page.off('console', onConsole);
      page.off('pageerror', onError);
      offNav();
    };
  }

  /** Highest id handed out (for "what is new since" checks). */
  lastId(): number {
    return this.ids.peek();
  }

  find(id: number): { item: ConsoleItem; bucket: Bucket<ConsoleItem> } | undefined {
    return this.buckets.find(id);
  }

  /** Matching items of the current document (or of every kept one), oldest first. */
  list(filter: { level?: ConsoleLevel; includeEarlier?: boolean } = {}): Array<{ bucket: Bucket<ConsoleItem>; items: ConsoleItem[] }> {
    const least = filter.level ?? 'info';
    return this.buckets.select(!!filter.includeEarlier).map(bucket => ({
      bucket,
      items: bucket.items.filter(item => meetsLevel(item.level, least)),
    }));
  }

  /**
   * How many messages (repeats counted) the current document (or every kept one) logged at
   * `level` or above (default: every level), and how many of those are errors and warnings.
   */
  counts(filter: { includeEarlier?: boolean; level?: ConsoleLevel } = {}): { total: number; errors: number; warnings: number } {
    let total = 0, errors = 0, warnings = 0;
    for (const { items } of this.list({ level: filter.level ?? 'debug', includeEarlier: filter.includeEarlier })) {
      for (const item of items) {
        total += item.count;
        if (item.level === 'error') errors += item.count;
        else if (item.level === 'warning') warnings += item.count;
      }
    }
    return { total, errors, warnings };
  }

  /** One page of the matching messages, with what the filter and the paging left out. */
  query(query: ConsoleQuery = {}): ConsoleListing {
    const level = query.level ?? 'info';
    const includeEarlier = !!query.includeEarlier;
    const groups = this.list({ level, includeEarlier });
    const listing = listingOf(this.buckets, groups, includeEarlier, query);
    const kept = this.buckets.select(includeEarlier).reduce((sum, bucket) => sum + bucket.items.length, 0);
    return { ...listing, level, hiddenByLevel: kept - listing.total };
  }

  /** Forgets what was logged so far, on every kept document; later messages are listed as usual. */
  clear(): void {
    this.buckets.clear();
  }

  dispose(): void {
    this.detach();
    this.recordListeners.clear();
  }

  /** Called for every message as it arrives, repeats included (a repeat passes the merged item). */
  onRecord(listener: (item: ConsoleItem, bucket: Bucket<ConsoleItem>) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  private onConsole(message: ConsoleMessage): void {
    let text: string;
    let location: ConsoleItem['location'];
    try {
      text = message.text();
      const where = message.location();
      if (where.url) location = { url: where.url, line: where.lineNumber + 1, column: where.columnNumber + 1 };
    } catch {
      return;
    }
    if (isFaviconNoise(text, location?.url)) return;
    this.record({ source: 'console', type: message.type(), level: levelOf(message.type()), text, location });
  }

  private onPageError(error: Error): void {
    const message = String(error?.message ?? error);
    const name = error?.name ? `${error.name}: ` : '';
    const stack = typeof error?.stack === 'string' && error.stack.trim() ? error.stack : undefined;
    this.record({ source: 'error', type: 'pageerror', level: 'error', text: `Uncaught ${name}${message}`, location: stackLocation(stack), stack });
  }

  private record(fields: Pick<ConsoleItem, 'source' | 'type' | 'level' | 'text' | 'location' | 'stack'>): void {
    const now = Date.now();
    const truncated = fields.text.length > this.maxText;
    const text = truncated ? fields.text.slice(0, this.maxText) : fields.text;
    const stack = fields.stack && fields.stack.length > this.maxText ? fields.stack.slice(0, this.maxText) : fields.stack;
    const repeat = this.findRepeat(fields.type, text, fields.location, stack);
    let item = repeat;
    if (item) {
      item.count++;
      item.lastTime = now;
    } else {
      item = { id: this.ids.next(), ...fields, text, stack, truncated, count: 1, firstTime: now, lastTime: now };
      this.buckets.add(item);
    }
    const bucket = this.buckets.current();
    for (const listener of this.recordListeners) guarded(() => listener(item, bucket))();
  }

  private findRepeat(type: string, text: string, location: ConsoleItem['location'], stack: string | undefined): ConsoleItem | undefined {
    const items = this.buckets.current().items;
    for (let i = items.length - 1; i >= Math.max(0, items.length - REPEAT_WINDOW); i--) {
      const item = items[i];
      if (item.type === type && item.text === text && item.stack === stack && sameLocation(item.location, location)) return item;
    }
    return undefined;
  }
}

function levelOf(type: string): ConsoleLevel {
  switch (type) {
    case 'error':
    case 'assert':
    case 'pageerror':
      return 'error';
    case 'warning':
      return 'warning';
    case 'debug':
    case 'profile':
    case 'profileEnd':
    case 'clear':
    case 'endGroup':
      return 'debug';
    default:
      return 'info';
  }
}

/** Chromium fetches /favicon.ico by itself and logs its 404 as if the page had failed. */
function isFaviconNoise(text: string, url: string | undefined): boolean {
  return !!url && text.startsWith('Failed to load resource') && /\/favicon\.ico(\?|$)/.test(url);
}

/**
 * Where an uncaught error was thrown: the top frame of its V8 stack (`at fn (url:4:15)` or
 * `at url:4:15`), so the listing names the script as it does for console calls.
 */
export function stackLocation(stack: string | undefined): ConsoleItem['location'] {
  const frame = stack?.split('\n').find(line => /^\s+at /.test(line));
  const where = frame && /\(?((?:[a-z][\w+.-]*:)[^\s()]*):(\d+):(\d+)\)?\s*$/i.exec(frame);
  return where ? { url: where[1]!, line: Number(where[2]), column: Number(where[3]) } : undefined;
}

function sameLocation(a: ConsoleItem['location'], b: ConsoleItem['location']): boolean {
  if (!a || !b) return a === b;
  // Same line, any column: `log('x'); log('x')` on one line reads as a repeat too.
  return a.url === b.url && a.line === b.line;
}
