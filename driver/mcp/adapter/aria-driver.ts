// PageDriver backed by the ariaref core (driver/aria-page.ts): our own snapshot, refs valid
// across frames and shadow roots, stale-ref errors that say what changed. Falls back to
// Playwright's AI snapshot only if the ariaref runtime is unusable in this build.
import type { FindQuery } from '../../../injected/types.js';
import type { PageFindResult } from '../../page/find.js';
import type { ElementHandle, Locator, Page } from 'playwright';
import { AriaPage } from '../../aria-page.js';
import { isRef } from '../../page/refs.js';
import type { SnapshotRequest } from '../response.js';
import { PlaywrightPageDriver, type PageDriver } from './page-driver.js';

const RUNTIME_MISSING = /runtime is not built|not implemented/i;

export class AriaPageDriver implements PageDriver {
  private fallback: PlaywrightPageDriver | undefined;

  private readonly attaching: Promise<unknown>;

  constructor(private readonly page: Page) {
    // Install the runtime right away (all frames, every later document), so even the first
    // action's wait can watch the page.
    this.attaching = AriaPage.attach(page).catch(() => undefined);
  }

  async ready(): Promise<void> {
    await this.attaching;
  }

  get kind(): 'ariaref' | 'playwright' {
    return this.fallback ? 'playwright' : 'ariaref';
  }

  private async aria(): Promise<AriaPage> {
    return AriaPage.attach(this.page);
  }

  async find(query: FindQuery): Promise<PageFindResult> {
    if (this.fallback) throw new Error('browser_find needs the ariaref runtime, which this page refused (e.g. a strict CSP). Use browser_snapshot instead.');
    return (await this.aria()).find(query);
  }

  async snapshot(request: SnapshotRequest): Promise<string> {
    if (this.fallback) return this.fallback.snapshot(request);
    try {
      const aria = await this.aria();
      return await aria.snapshot({
        rootRef: request.ref, depth: request.depth, boxes: request.boxes, verbose: request.verbose,
        budgetTokens: request.budgetTokens, offset: request.offset, limit: request.limit,
      });
    } catch (error) {
      if (!RUNTIME_MISSING.test((error as Error).message)) throw error;
      this.fallback = new PlaywrightPageDriver(this.page);
      return this.fallback.snapshot(request);
    }
  }

  async locator(target: string): Promise<Locator> {
    if (this.fallback) return this.fallback.locator(target);
    const trimmed = target.trim();
    if (isRef(trimmed)) return (await this.aria()).locator(trimmed);
    // Selectors: the same "matches nothing / several" checks as refs get, up front.
    return new PlaywrightPageDriver(this.page).locator(trimmed);
  }

  async refFor(element: ElementHandle): Promise<string | undefined> {
    if (this.fallback) return undefined;
    return (await this.aria()).refFor(element);
  }
}
