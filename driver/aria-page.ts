// AriaPage: one Playwright Page seen through ariaref: stitched snapshots with refs, refs to
// Locators, waiting for the page to settle, and the log of what happened meanwhile.
import type { ElementHandle, Frame, Locator, Page } from 'playwright';
import type { AriaNode, LocatorStep } from '../injected/types.js';
import { waitForSettle, type WaitOptions, type WaitReport } from './actions/wait.js';
import { eventLogFor, type EventLog } from './browser/events.js';
import { FrameRegistry } from './page/frames.js';
import { installRuntime } from './page/inject.js';
import { locatorFor as locatorStepsIn, refFor as runtimeRefFor, title as readTitle } from './page/runtime.js';
import {
  describeCoveringElement, parseRef, RefError, resolveTarget, validateRef,
  type CoveringElement, type ResolvedTarget, type ResolveOptions,
} from './page/refs.js';
import { ensureSelectorEngine } from './page/selector-engine.js';
import { trustedRefLocator } from './page/ref-locator.js';
import { settleSnapshotRequest, stitchedSnapshot, type PageSnapshotOptions } from './page/snapshot.js';
import { takeSettledSnapshot, type SettleSnapshotRequest } from './page/settled-snapshot.js';
import { followNavigations } from './navigation/churn.js';
import { goBack, goForward, navigate, reload, type NavigateOptions, type NavigationResult } from './navigation/leave.js';
import { findInPage, type PageFindResult } from './page/find.js';
import type { FindQuery } from '../injected/types.js';
import { withDeadline } from './deadline.js';
import { LocatorWants, type LocatorPath, type LocatorWant } from './page/locator-wants.js';
import { browserTitle } from './page/browser-title.js';

export type { PageSnapshotOptions } from './page/snapshot.js';
export type { SettleSnapshotRequest } from './page/settled-snapshot.js';
export type { NavigateOptions, NavigationResult } from './navigation/leave.js';
export type { LocatorPath, LocatorWant } from './page/locator-wants.js';

const attached = new WeakMap<Page, Promise<AriaPage>>();

/** A locator is computed from role and name of the page's elements: bounded like a ref check. */
const LOCATOR_WITHIN_MS = 5_000;

/** A title that takes longer comes from a page too busy to ask. */
const TITLE_WITHIN_MS = 2_000;

export class AriaPage {
  /** Frame prefixes and document generations of this tab (refs never repeat in a tab). */
  readonly frames: FrameRegistry;
  /** Navigations, new/closed tabs, crashes and downloads of this page's context. */
  readonly events: EventLog;
  /** Locators expected of the next action's ref check (expectLocatorPath). */
  private readonly locatorWants = new LocatorWants(
    (ref, testIdAttribute) => this.locatorPath(ref, { testIdAttribute }),
    (frame, ref, testIdAttribute) => this.framesTo(frame, ref, testIdAttribute),
  );

  private constructor(readonly page: Page) {
    this.frames = new FrameRegistry(page);
    this.events = eventLogFor(page.context());
  }

  /**
   * The AriaPage of a Playwright Page (one per page: refs and generations are per tab).
   * Injects the runtime into the page's context (all frames, now and later) on first use.
   */
  static attach(page: Page): Promise<AriaPage> {
    let existing = attached.get(page);
    if (!existing) {
      existing = (async () => {
        await Promise.all([installRuntime(page.context()), ensureSelectorEngine(page.context())]);
        return new AriaPage(page);
      })();
      attached.set(page, existing);
      existing.catch(() => attached.delete(page));
    }
    return existing;
  }

  /**
   * The page as AI-snapshot YAML (`- button "Save" [ref=e4]`), child frames stitched under
   * their iframe; `rootRef` limits it to one element's subtree (in whichever frame).
   */
  async snapshot(options: Omit<PageSnapshotOptions, 'format'> = {}): Promise<string> {
    const result = await this.readAcrossNavigations(options, async () => {
      const frame = options.rootRef ? await validateRef(this, options.rootRef) : this.page.mainFrame();
      return stitchedSnapshot(this, frame, { ...options, format: 'yaml' });
    });
    return result.yaml ?? '';
  }

  /**
   * The snapshot as snapshot() returns it, with the text a diff of the next snapshot compares
   * (`basis`): the page before folding where the token budget folded it, the YAML itself otherwise.
   */
  async snapshotWithBasis(options: Omit<PageSnapshotOptions, 'format' | 'basis'> = {}, after?: WaitReport | object): Promise<{ yaml: string; basis: string; title?: string }> {
    // Read by the action's settle or the text wait's check (settleSnapshot) when it asked for these very options.
    const settled = takeSettledSnapshot(after);
    const result = await this.readAcrossNavigations(options, async () => {
      const frame = options.rootRef ? await validateRef(this, options.rootRef) : this.page.mainFrame();
      return stitchedSnapshot(this, frame, { ...options, format: 'yaml', basis: true }, settled);
    });
    return { yaml: result.yaml ?? '', basis: result.basis ?? result.yaml ?? '', ...(result.title !== undefined ? { title: result.title } : {}) };
  }

  /**
   * For an action whose answer shows snapshotWithBasis(options, report): pass it as the action's
   * WaitOptions.snapshot, and its settle reads the main frame's snapshot in the same call into
   * the page (one call fewer per action; a loaded machine schedules each call late).
   */
  settleSnapshot(options: Omit<PageSnapshotOptions, 'format' | 'basis' | 'rootRef' | 'rootSelector'> = {}): SettleSnapshotRequest {
    return settleSnapshotRequest(this, { ...options, format: 'yaml', basis: true });
  }

  /** The same snapshot as a JSON tree (AriaNode), child frames under their iframe node. */
  async snapshotTree(options: Omit<PageSnapshotOptions, 'format'> = {}): Promise<AriaNode> {
    const result = await this.readAcrossNavigations(options, async () => {
      const frame = options.rootRef ? await validateRef(this, options.rootRef) : this.page.mainFrame();
      return stitchedSnapshot(this, frame, { ...options, format: 'json' });
    });
    return result.tree ?? { role: 'fragment', name: '', children: [] };
  }

  /** A whole-page read follows the page onto a new document; a ref's subtree is gone with its document. */
  private readAcrossNavigations<T>(options: { rootRef?: string }, read: () => Promise<T>): Promise<T> {
    return options.rootRef ? read() : followNavigations(this.page, read);
  }

  /**
   * Finds elements by text, role and name in every frame without a full snapshot: each match
   * comes with its ref and ancestor path. `rootRef` searches one subtree.
   */
  async find(query: Omit<FindQuery, 'prefix' | 'seed'>): Promise<PageFindResult> {
    const frames = query.rootRef ? [await validateRef(this, query.rootRef)] : undefined;
    return findInPage(this, query, frames);
  }

  /**
   * A Locator for a ref, without a round trip. Its actions and reads check the ref first, so a
   * mistyped, removed, renamed, hidden or disabled element, or a ref from before a navigation,
   * fails at once with the reason; waiting for a state (`expect(...).toBeHidden()`, waitFor
   * `detached`, count) still works, a removed element matching nothing.
   */
  ref(ref: string): Locator {
    return trustedRefLocator(this, ref);
  }

  /**
   * A Locator for a ref (validated now: a wrong or outdated ref throws at once with the
   * reason) or for a Playwright selector; with `exactlyOne` the selector is checked now too,
   * and must match exactly one element.
   */
  async locator(refOrSelector: string, options: ResolveOptions = {}): Promise<Locator> {
    const resolved = await resolveTarget(this, refOrSelector, options);
    return resolved.ref ? trustedRefLocator(this, resolved.ref) : resolved.locator;
  }

  /**
   * Like locator(), with the frame the element lives in: what the actions take. An action's check
   * (with `prepare`) of a ref someone expects the locator of (expectLocatorPath) reads it too.
   */
  resolve(refOrSelector: string, options: ResolveOptions = {}): Promise<ResolvedTarget> {
    const want = options.prepare ? this.locatorWants.take(refOrSelector) : undefined;
    if (!want) return resolveTarget(this, refOrSelector, options);
    const prepare = { ...options.prepare, locator: { testIdAttribute: want.testIdAttribute } };
    const resolving = resolveTarget(this, refOrSelector, { ...options, prepare });
    resolving.then(resolved => want.answer(resolved.frame, resolved.prepared?.locator), error => want.fail(error));
    return resolving;
  }

  /**
   * locatorPath(ref) as the next action on `ref` finds it: its ref check reads the locator in the
   * same call, before acting. Call `release()` once the action is over: when no check took the
   * want (the action never checked that ref), the path is asked on its own then.
   */
  expectLocatorPath(ref: string, options: { testIdAttribute?: string } = {}): LocatorWant {
    return this.locatorWants.expect(ref, options.testIdAttribute ?? 'data-testid');
  }

  /** What covers the element of `locator` at its center (null when nothing does). */
  describeCoveringElement(locator: Locator): Promise<CoveringElement | null> {
    return describeCoveringElement(this.page, locator);
  }

  /**
   * Waits like the actions do after acting: until the page stops changing (quiet window),
   * keeps changing on its own (churn), a dialog opens, or the cap passes. Never throws for a
   * busy or navigating page: the report says how it ended.
   */
  settle(options: WaitOptions = {}): Promise<WaitReport> {
    return waitForSettle(this.page, options);
  }

  /**
   * The ref of an element you hold a handle to (minting one if the last snapshot did not
   * show it), with its frame's prefix; undefined when its frame cannot be reached.
   */
  async refFor(element: ElementHandle): Promise<string | undefined> {
    const frame = await element.ownerFrame().catch(() => null);
    if (!frame) return undefined;
    const options = { prefix: this.frames.prefixOf(frame), seed: this.frames.seedFor(frame) };
    return runtimeRefFor(frame, element, options, 3_000).catch(() => undefined);
  }

  /**
   * A Playwright locator that matches the element of `ref` alone right now, as data: the
   * iframes to enter from the page's top (each a list of steps), then the element's steps.
   * Steps prefer role and name, then the exact name, the test id, a scoping ancestor, an index.
   */
  async locatorPath(ref: string, options: { testIdAttribute?: string } = {}): Promise<LocatorPath> {
    const testId = options.testIdAttribute ?? 'data-testid';
    // Asked of the ref's frame straight away (an action that records its code already checks
    // the ref once); only a failure is explained by the full check, which names the reason.
    const parsed = parseRef(ref);
    let frame = parsed && this.frames.frameFor(parsed.prefix);
    if (!parsed || !frame) frame = await validateRef(this, ref);
    let element: LocatorStep[];
    try {
      element = await locatorStepsIn(frame, parsed!.ref, testId, LOCATOR_WITHIN_MS);
    } catch (error) {
      await validateRef(this, ref);
      throw error;
    }
    return { frames: await this.framesTo(frame, ref, testId), element };
  }

  /** The locator steps of the iframes that lead from the page's top to `frame` (outermost first). */
  private async framesTo(frame: Frame, ref: string, testId: string): Promise<LocatorStep[][]> {
    const frames: LocatorStep[][] = [];
    for (let parent = frame.parentFrame(); parent; frame = parent, parent = frame.parentFrame()) {
      const ownerRef = await runtimeRefFor(parent, { ownerOf: frame }, { prefix: this.frames.prefixOf(parent), seed: this.frames.seedFor(parent) }, LOCATOR_WITHIN_MS);
      if (!ownerRef) throw new RefError(`Ref ${ref}: its frame's iframe could not be found in the page. Take a new snapshot and retry.`, 'frame-gone', ref);
      frames.unshift(await locatorStepsIn(parent, ownerRef, testId, LOCATOR_WITHIN_MS));
    }
    return frames;
  }

  /**
   * Navigates to `url`, leaving the current page safely: open dialogs are answered (dismissed; a
   * "leave this page?" prompt accepted unless `beforeUnload: 'dismiss'`), and so are dialogs
   * raised on the way out; a page that does not answer within 1.5 s throws PageNotRespondingError
   * (close it and use a new page); a navigation the page's own cuts short is retried (at most 6
   * attempts, then KeptNavigatingError) and where it landed is checked. Resolves to what
   * happened: response and status, load outcome, retries, dialogs answered.
   * (Playwright's `page.goto` is still there as `aria.page.goto`.)
   */
  goto(url: string, options: NavigateOptions = {}): Promise<NavigationResult> {
    return navigate(this.page, url, options);
  }

  /** Goes back one history entry, leaving the page safely like goto. `response` null: there was no entry to go to (or a same-document step). */
  back(options: NavigateOptions = {}): Promise<NavigationResult> {
    return goBack(this.page, options);
  }

  /** Goes forward one history entry, leaving the page safely like goto. */
  forward(options: NavigateOptions = {}): Promise<NavigationResult> {
    return goForward(this.page, options);
  }

  /** Reloads the page, leaving the current document safely like goto. */
  reload(options: NavigateOptions = {}): Promise<NavigationResult> {
    return reload(this.page, options);
  }

  url(): string {
    return this.page.url();
  }

  /**
   * The page title, bounded: a page that does not answer (busy, paused by a dialog) gives
   * `fallback`. Read from the browser when it holds the document's own title (browser-title.ts),
   * else asked of our runtime: Playwright's page.title() first builds a script of its own in
   * every new document, which a loaded machine takes long to run.
   */
  async title(fallback = ''): Promise<string> {
    const started = Date.now();
    const left = () => TITLE_WITHIN_MS - (Date.now() - started);
    const held = await withDeadline(browserTitle(this.page.mainFrame()), TITLE_WITHIN_MS, 'Reading the page title').catch(() => undefined);
    if (held !== undefined) return held;
    const read = await readTitle(this.page.mainFrame(), Math.max(1, left())).catch(() => null);
    if (read !== null) return read;
    if (left() <= 0) return fallback;
    return withDeadline(this.page.title(), left(), 'Reading the page title').catch(() => fallback);
  }
}
