// Public API of ariaref for use outside tests:
//
//   import { launch, connect, attach } from 'ariaref';
//   const browser = await launch();
//   const page = await browser.newPage();
//   await page.page.goto('https://example.com');
//   console.log(await page.snapshot());           // - link "More information..." [ref=e6]
//   await (await page.locator('e6')).click();
//   await browser.close();
import type { Page } from 'playwright';
import { AriaBrowser } from './aria-browser.js';
import { AriaPage } from './aria-page.js';
import { connectBrowser, type ConnectOptions } from './browser/connect.js';
import { launchBrowser, type LaunchOptions } from './browser/launch.js';

export { AriaBrowser } from './aria-browser.js';
export { AriaPage, type PageSnapshotOptions } from './aria-page.js';
export { findBrowser, tryFindBrowser, BrowserNotFoundError, BROWSER_ENV, type FoundBrowser, type FindBrowserOptions } from './browser/find-browser.js';
export { defaultBrowserArgs, type LaunchOptions } from './browser/launch.js';
export { isCdpEndpoint, type ConnectOptions } from './browser/connect.js';
export { EventLog, type DriverEvent, type DriverEventType } from './browser/events.js';
export { RefError, isRef, parseRef, type RefErrorKind } from './page/refs.js';
export { describeCoveringElement, explainInterceptedClick, formatCoveringElement, isInterceptedClickError, type CoveringElement } from './page/covering.js';
export { ENGINE_NAME as SELECTOR_ENGINE } from './page/selector-engine.js';
export { PageTimeoutError } from './page/timeout.js';
export * from './actions/index.js';
export type { AriaNode, SnapshotOptions, SnapshotResult, SettleOptions, SettleReport } from '../injected/types.js';

/**
 * Launches a headless Chromium (found by itself: `ARIAREF_BROWSER`, Playwright's browsers,
 * then system Chrome/Chromium) with the ariaref runtime in every frame.
 * @example const browser = await launch({ headed: true }); const page = await browser.newPage();
 */
export async function launch(options: LaunchOptions = {}): Promise<AriaBrowser> {
  const { browser, context } = await launchBrowser(options);
  return AriaBrowser.create(browser, context, true);
}

/**
 * Attaches to a running browser: a DevTools endpoint (`http://127.0.0.1:9222`,
 * `ws://.../devtools/browser/...`) or a Playwright server (`ws://` from launchServer).
 * Pages already open get the runtime too. `close()` disconnects and leaves the browser running.
 */
export async function connect(endpoint: string, options: ConnectOptions = {}): Promise<AriaBrowser> {
  const { browser, context } = await connectBrowser(endpoint, options);
  return AriaBrowser.create(browser, context, false);
}

/**
 * Wraps a Playwright Page you already have (any context, any state): injects the runtime into
 * its context's frames and returns its AriaPage (the same one on every call).
 */
export function attach(page: Page): Promise<AriaPage> {
  return AriaPage.attach(page);
}
