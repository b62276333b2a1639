// The snapshot-and-refs side of a tab, behind a small interface so tools never care who
// implements it: the ariaref core (driver/aria-page.ts) when it is available, else
// Playwright's own AI snapshot ("aria-ref=e5" selectors) as a fallback.
import type { ElementHandle, Locator, Page } from 'playwright';
import type { SnapshotRequest } from '../response.js';
import type { FindQuery } from '../../../injected/types.js';
import type { PageFindResult } from '../../page/find.js';

export interface PageDriver {
  /** Resolves once the driver can watch and snapshot the page (never rejects). */
  ready(): Promise<void>;
  /** Snapshot YAML of the page (or of one ref's subtree). */
  snapshot(request: SnapshotRequest): Promise<string>;
  /** Search the page by text, role and name (ariaref runtime only). */
  find?(query: FindQuery): Promise<PageFindResult>;
  /** A locator for a snapshot ref ("e5", "f2e7") or a Playwright selector; throws an actionable error if it matches nothing. */
  locator(target: string): Promise<Locator>;
  /** The snapshot ref of an element (minting one if needed), or undefined when this driver can't. */
  refFor(element: ElementHandle): Promise<string | undefined>;
  /** Which implementation serves this tab (shown nowhere, useful in tests and reports). */
  readonly kind: 'ariaref' | 'playwright';
}

const REF = /^(f\d+)?e\d+$/;

export function isRef(target: string): boolean {
  return REF.test(target.trim());
}

export class StaleRefError extends Error {}

export class PlaywrightPageDriver implements PageDriver {
  readonly kind = 'playwright' as const;
  constructor(private readonly page: Page) {}

  async ready(): Promise<void> {}

  async snapshot(request: SnapshotRequest): Promise<string> {
    const options = { mode: 'ai' as const, depth: request.depth, boxes: request.boxes, timeout: 10_000 };
    if (request.ref) return (await this.locator(request.ref)).ariaSnapshot(options);
    return this.page.ariaSnapshot(options);
  }

  async refFor(_element: ElementHandle): Promise<string | undefined> {
    return undefined;
  }

  async locator(target: string): Promise<Locator> {
    const trimmed = target.trim();
    if (isRef(trimmed)) {
      const locator = this.page.locator(`aria-ref=${trimmed}`);
      let count: number;
      try {
        count = await locator.count();
      } catch {
        count = 0;
      }
      if (count === 0)
        throw new StaleRefError(`Ref ${trimmed} is not on the page any more (the page changed since the snapshot, or the ref never existed). Take a new snapshot with browser_snapshot and use a ref from it.`);
      return locator;
    }
    const locator = this.page.locator(trimmed);
    let count: number;
    try {
      count = await locator.count();
    } catch (error) {
      throw new Error(`"${trimmed}" is neither a snapshot ref (like e5 or f2e7) nor a valid Playwright selector: ${(error as Error).message.split('\n')[0]}`);
    }
    if (count === 0)
      throw new Error(`No element matches the selector "${trimmed}". Take a snapshot with browser_snapshot and pass the ref of the element instead.`);
    if (count > 1)
      throw new Error(`The selector "${trimmed}" matches ${count} elements. Use a ref from browser_snapshot, or a more specific selector.`);
    return locator;
  }
}
