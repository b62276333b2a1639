// Attaching the collectors: once per page (idempotent), or once per context so every new
// page and popup is covered from its first event.
import type { BrowserContext, Page } from 'playwright';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { IdSource } from './buckets.js';
import { NavigationTracker } from '../navigation/documents.js';
import { ConsoleCollector } from './console.js';
import { NetworkCollector } from './network.js';
import { ModalStates, type DialogPolicy } from './modal-state.js';
import { DownloadCollector } from './downloads.js';

/** Id counters shared by every page of one session, so an id never names two things. */
export interface SessionIds {
  console: IdSource;
  network: IdSource;
  downloads: IdSource;
}

export function newSessionIds(): SessionIds {
  return { console: new IdSource(), network: new IdSource(), downloads: new IdSource() };
}

export interface CollectorOptions {
  /** Where downloads (and saved bodies) go. Default: <tmp>/ariaref-output. */
  outputDir?: string;
  /** How dialogs are answered when no per-call policy applies. Default: ask (modal state). */
  dialogPolicy?: DialogPolicy;
  /** Share ids across pages; default: per-page counters. */
  ids?: SessionIds;
  /** Documents kept per page: the current one plus keep-1 before it. Default 3. */
  keepNavigations?: number;
  /** Requests kept per document. Default 1000. */
  maxRequestsPerNavigation?: number;
  /** Console messages kept per document. Default 1000. */
  maxConsolePerNavigation?: number;
}

export interface PageCollectors {
  readonly page: Page;
  readonly outputDir: string;
  readonly navigation: NavigationTracker;
  readonly console: ConsoleCollector;
  readonly network: NetworkCollector;
  readonly modal: ModalStates;
  readonly downloads: DownloadCollector;
  dispose(): void;
}

const attached = new WeakMap<Page, PageCollectors>();

function defaultOutputDir(): string {
  return join(tmpdir(), 'ariaref-output');
}

/** Starts collecting on `page`; attaching twice returns the first collectors. */
export function attachCollectors(page: Page, options: CollectorOptions = {}): PageCollectors {
  const existing = attached.get(page);
  if (existing) return existing;
  const ids = options.ids ?? newSessionIds();
  const outputDir = options.outputDir ?? defaultOutputDir();
  // The tracker registers its listeners first, so collectors see each new document before its events.
  const navigation = new NavigationTracker(page);
  const collectors: PageCollectors = {
    page,
    outputDir,
    navigation,
    console: new ConsoleCollector(page, navigation, { ids: ids.console, keep: options.keepNavigations, cap: options.maxConsolePerNavigation }),
    network: new NetworkCollector(page, navigation, { ids: ids.network, keep: options.keepNavigations, cap: options.maxRequestsPerNavigation }),
    modal: new ModalStates(page, navigation, options.dialogPolicy),
    downloads: new DownloadCollector(page, { outputDir, ids: ids.downloads }),
    dispose() {
      attached.delete(page);
      this.console.dispose();
      this.network.dispose();
      this.modal.dispose();
      this.downloads.dispose();
      navigation.dispose();
    },
  };
  attached.set(page, collectors);
  return collectors;
}

/** The collectors attached to `page`, if any: whoever leaves the page answers dialogs through their modal states. */
export function collectorsFor(page: Page): PageCollectors | undefined {
  return attached.get(page);
}

/**
 * Attaches to every page of `context`, existing and future (popups included), with ids
 * shared across them. `onPage` runs right after a new page is attached.
 */
export function attachToContext(
  context: BrowserContext,
  options: CollectorOptions = {},
  onPage?: (collectors: PageCollectors) => void,
): { ids: SessionIds; dispose(): void } {
  const shared = { ...options, ids: options.ids ?? newSessionIds() };
  const attach = (page: Page) => {
    const collectors = attachCollectors(page, shared);
    page.once('close', () => collectors.dispose());
    onPage?.(collectors);
  };
  context.pages().forEach(attach);
  context.on('page', attach);
  return {
    ids: shared.ids,
    dispose() {
      context.off('page', attach);
      for (const page of context.pages()) attached.get(page)?.dispose();
    },
  };
}
