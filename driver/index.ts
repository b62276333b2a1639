// Public API of ariaref for use outside tests:
//
//   import { launch, connect, attach } from 'ariaref';
//   const browser = await launch();
//   const page = await browser.newPage();
//   await page.goto('https://example.com');           // answers dialogs, survives self-navigating pages
//   console.log(await page.snapshot());           // - link "More information..." [ref=e6]
//   await (await page.locator('e6')).click();
//   await browser.close();
import type { Page } from 'playwright';
import { AriaBrowser } from './aria-browser.js';
import { AriaPage } from './aria-page.js';
import { connectBrowser, type ConnectOptions } from './browser/connect.js';
import { launchBrowser, type LaunchOptions } from './browser/launch.js';

// ---- browsers and pages ----
export { AriaBrowser } from './aria-browser.js';
export { AriaPage, type PageSnapshotOptions, type LocatorPath, type LocatorWant, type SettleSnapshotRequest } from './aria-page.js';
export { findBrowser, tryFindBrowser, BrowserNotFoundError, BROWSER_ENV, type FoundBrowser, type FindBrowserOptions } from './browser/find-browser.js';
export { defaultBrowserArgs, type LaunchOptions } from './browser/launch.js';
export { isCdpEndpoint, type ConnectOptions } from './browser/connect.js';
export { browserAnswers } from './browser/responds.js';
export { BrowserHost, deviceContextOptions, type HostOptions, type ContextLease } from './browser/host.js';
export { enforceOrigins, originVerdict, type OriginPolicy } from './browser/origins.js';
export { checkUrl, unwrapUrl, UrlRefusedError, type UrlPolicy, type UrlRefusal } from './browser/url-policy.js';
export { EventLog, type DriverEvent, type DriverEventType } from './browser/events.js';
export { lifecycleLog, debugLog, debugEnabled } from './debug-log.js';
// ---- refs, snapshots, diffs ----
export { RefError, EMPTY_TARGET, isRef, parseRef, type RefErrorKind, type ResolvedTarget, type ResolveOptions } from './page/refs.js';
export { describeCoveringElement, explainInterceptedClick, formatCoveringElement, isInterceptedClickError, type CoveringElement } from './page/covering.js';
export { ENGINE_NAME as SELECTOR_ENGINE } from './page/selector-engine.js';
export { diffSnapshots, type SnapshotDiff } from './page/diff.js';
export type { PageFindResult } from './page/find.js';
export { matchingLines, snapshotSnippets } from './page/find.js';
export { shownText } from './page/text-shown.js';
export type { AriaNode, LocatorStep, FindQuery, SnapshotOptions, SnapshotResult, SettleOptions, SettleReport } from '../injected/types.js';
// ---- actions and the wait after them ----
export * from './actions/index.js';
export { drop, type DropPayload } from './actions/drop.js';
export { runPlaywrightCode, RunCodeError, type RunCodeFailure, type RunCodeResult } from './actions/run-code.js';
// ---- navigation: leaving a page safely ----
export {
  navigate, goBack, goForward, reload, prepareToLeave, isResponsive,
  type PageLike, type LeaveOptions, type LeaveReport, type NavigateOptions, type NavigationResult, type LoadOutcome,
} from './navigation/leave.js';
export { leavingDialogs, bareLeavingDialogs, type LeavingDialogs, type BeforeUnloadAnswer } from './navigation/dialogs.js';
export { PageNotRespondingError, KeptNavigatingError, StayedOnPageError } from './navigation/errors.js';
export type { NavigationTracker, NewDocument } from './navigation/documents.js';
// ---- what happened on the page: console, network, downloads, dialogs ----
export * from './collectors/index.js';
// ---- checks on what a page shows; tools a page offers through WebMCP ----
export { verifyElement, verifyText, verifyList, verifyValue, refOf as refForTarget, type ElementCheck, type TextCheck, type ListCheck, type ValueCheck, type ValueKind, type SeenNode } from './verify/index.js';
export { installWebMCP, listWebMCPTools, callWebMCPTool, webmcpInitScript, type WebMCPTool, type WebMCPAnnotations, type WebMCPCallResult } from './page/webmcp.js';
// ---- cookies, localStorage/sessionStorage, storage-state files ----
export * from './storage/index.js';
// ---- devtools: traces, videos, recording user actions, highlights, the debugger ----
export * from './devtools/index.js';
// ---- routes: mocked responses and changed request headers ----
export * from './routes/index.js';
// ---- deadlines, errors, version ----
export { PageTimeoutError, withDeadline, within, delay, sleep, type Bounded, CancelledError, runCancellable, untilCancelled, cancellableSleep } from './deadline.js';
export { keepRunningOnStrayErrors } from './stray-errors.js';
export { firstLine, isNavigationError, clip, escapeRegExp, ArgumentError, checkRange } from './errors.js';
export { packageVersion } from './version.js';

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
