// Playwright Test integration:
//
//   import { test, expect } from 'ariaref/test';
//   test('saves', async ({ page }) => {
//     await page.goto('https://example.com');
//     const snapshot = await page.snapshot();        // stitched AI snapshot YAML with refs
//     await page.ref('e5').click();                   // a ref is a Locator (fails fast with the cause)
//     await page.settle();                            // wait like ariaref actions do
//   });
//
// Works with no configuration on a machine that has only a system Chromium: the browser is
// found like `launch()` finds it (ARIAREF_BROWSER, Playwright's, system Chrome/Chromium).
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { ElementHandle, LaunchOptions } from 'playwright';
import {
  AriaPage, defaultBrowserArgs, findBrowser,
  type AriaNode, type FindQuery, type PageFindResult, type PageSnapshotOptions, type WaitOptions, type WaitReport,
} from './index.js';

/** What ariaref adds to the `page` fixture. */
export interface AriaTestPage {
  /** The page as AI-snapshot YAML with refs, child frames stitched under their iframe. */
  snapshot(options?: Omit<PageSnapshotOptions, 'format'>): Promise<string>;
  /** The same snapshot as a JSON tree. */
  snapshotTree(options?: Omit<PageSnapshotOptions, 'format'>): Promise<AriaNode>;
  /**
   * A Locator for a snapshot ref ('e5', 'f2e7'). Its actions act on that very element or fail at
   * once with the reason: no snapshot, unknown ref, the page navigated (both URLs), removed (role,
   * name, when), renamed (was / is now), hidden or disabled now (why), replaced while acting.
   * `expect(page.ref('e5')).toBeHidden()` still passes once the element is gone.
   */
  ref(ref: string): Locator;
  /** A Locator for a ref (validated now, then like ref()) or a Playwright selector. */
  refLocator(refOrSelector: string): Promise<Locator>;
  /** The ref of an element handle (with its frame prefix). */
  refFor(element: ElementHandle): Promise<string | undefined>;
  /** Waits until the page settles, like ariaref actions do after acting. */
  settle(options?: WaitOptions): Promise<WaitReport>;
  /** Finds elements by text, role and name in every frame: matches with refs and ancestor paths. */
  find(query: Omit<FindQuery, 'prefix' | 'seed'>): Promise<PageFindResult>;
  /** The underlying AriaPage (events, frames; `aria.goto(url)` leaves the page safely: dialogs answered, self-navigating pages handled). */
  readonly aria: AriaPage;
}

export type AriaPlaywrightPage = Page & AriaTestPage;

/** Launch options with a browser found by ariaref when Playwright's own Chromium is missing. */
function withFoundBrowser(options: LaunchOptions): LaunchOptions {
  const args = [...new Set([...(options.args ?? []), ...defaultBrowserArgs()])];
  if (options.executablePath || options.channel) return { ...options, args };
  // Throws BrowserNotFoundError, whose message says how to get a browser.
  const found = findBrowser();
  // Playwright's own browser needs no path; anything else does.
  return found.source === 'playwright' ? { ...options, args } : { ...options, args, executablePath: found.executablePath };
}

function extendPage(page: Page, aria: AriaPage): AriaPlaywrightPage {
  const additions: AriaTestPage = {
    snapshot: options => aria.snapshot(options),
    snapshotTree: options => aria.snapshotTree(options),
    ref: ref => aria.ref(ref),
    refLocator: refOrSelector => aria.locator(refOrSelector),
    refFor: element => aria.refFor(element),
    settle: options => aria.settle(options),
    find: query => aria.find(query),
    aria,
  };
  return Object.assign(page, additions);
}

export const test = base.extend<{ page: AriaPlaywrightPage }>({
  // Overrides the option fixture: the value from the config arrives as `launchOptions`.
  launchOptions: [async ({ launchOptions, browserName }, use) => {
    await use(browserName === 'chromium' ? withFoundBrowser(launchOptions) : launchOptions);
  }, { scope: 'worker' }],
  page: async ({ page }, use) => {
    const aria = await AriaPage.attach(page);
    await use(extendPage(page, aria));
  },
});

export { expect };
export type { PageSnapshotOptions, WaitOptions, WaitReport } from './index.js';
