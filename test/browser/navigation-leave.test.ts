// Leaving a page safely as library API (AriaPage.goto/back/forward/reload) on a bare library page:
// no collectors, no tool layer. Hostile pages (an alert loop, a beforeunload guard, a page that
// reloads itself every 100 ms, a busy script) must never hang the call: it lands, or says why
// not with a typed error, within a bound.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import {
  attach, attachCollectors, click, KeptNavigatingError, leavingDialogs, navigate, PageNotRespondingError, prepareToLeave, StayedOnPageError,
  type AriaPage,
} from '../../driver/index.js';
import { pageNavigation } from '../../driver/navigation/page-navigation.js';
import { launchChromium, runtimeContext } from '../support/browser.js';
import { startLoopbackServer, type LoopbackServer } from '../support/server.js';

const pages: Record<string, string> = {
  '/plain': '<!doctype html><title>Plain</title><h1>Healthy page</h1>',
  '/second': '<!doctype html><title>Second</title><h1>Second page</h1>',
  '/alerts': '<!doctype html><title>Alerts</title><h1>Alerts</h1><script>setTimeout(() => { for (;;) alert("again"); }, 50);</script>',
  '/busy': '<!doctype html><title>Busy</title><h1>Busy</h1><script>setTimeout(() => { for (;;) {} }, 300);</script>',
  '/guard': '<!doctype html><title>Guard</title><h1>Guarded</h1><input aria-label="Draft"><script>addEventListener("beforeunload", e => { e.preventDefault(); e.returnValue = "sure?"; return "sure?"; });</script>',
  '/reloader': '<!doctype html><title>Reloader</title><h1>Reloading</h1><script>setTimeout(() => location.reload(), 100);</script>',
  '/redirector': '<!doctype html><title>Redirector</title><h1>Hop</h1><script>setTimeout(() => { location.href = "/redirector?n=" + Math.random(); }, 100);</script>',
  '/runs-away': '<!doctype html><title>Runs away</title><script>location.replace("/second?from=" + Math.random());</script>',
  '/alert-button': '<!doctype html><title>Alert button</title><button onclick="alert(\'hello\')">Greet</button>',
};

let server: LoopbackServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let aria: AriaPage;

beforeAll(async () => {
  server = await startLoopbackServer({
    routes: {
      ...pages,
      '/missing': (_req, res) => { res.writeHead(404, { 'content-type': 'text/html' }); res.end('<!doctype html><title>Missing</title><h1>Not here</h1>'); },
    },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function freshPage(): Promise<void> {
  context = await runtimeContext(browser);
  page = await context.newPage();
  aria = await attach(page);
}

afterEach(async () => {
  await context?.close().catch(() => {});
});

const at = (path: string) => `${server.origin}${path}`;

/** Resolves to how long `work` took, with its value or error. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const start = Date.now();
  try {
    const value = await work();
    return { ms: Date.now() - start, value };
  } catch (error) {
    return { ms: Date.now() - start, error };
  }
}

describe('AriaPage.goto on a bare page', () => {
  it('reports the response, load outcome and retries as data', async () => {
    await freshPage();
    const result = await aria.goto(at('/plain'));
    expect(result).toMatchObject({ url: at('/plain'), status: 200, statusText: 'OK', load: 'loaded', cutShort: 0, dialogs: [] });
    expect(result.response?.status()).toBe(200);
    const missing = await aria.goto(at('/missing'));
    expect(missing).toMatchObject({ url: at('/missing'), status: 404, load: 'loaded' });
    expect(await aria.snapshot()).toContain('heading "Not here"');
    // No response for a data: URL; it lands at once all the same (the README's example).
    const data = 'data:text/html,<h1>Shop</h1><button onclick="this.textContent=`Added`">Add to cart</button>';
    const shop = await timed(() => aria.goto(data));
    expect(shop.value).toMatchObject({ url: data, response: null, load: 'loaded', cutShort: 0 });
    expect(shop.ms).toBeLessThan(2_000);
    expect(await aria.snapshot()).toContain('button "Add to cart"');
  });

  it('leaves a page that raises alerts in a loop: the dialogs are answered, or the page is said to be not responding, quickly', async () => {
    await freshPage();
    await page.goto(at('/alerts'));
    await new Promise(resolve => setTimeout(resolve, 200));
    const outcome = await timed(() => aria.goto(at('/plain')));
    expect(outcome.ms).toBeLessThan(10_000);
    if (outcome.error !== undefined) {
      // The loop leaves no time to run the page's unload: typed, with the dialogs answered meanwhile.
      expect(outcome.error).toBeInstanceOf(PageNotRespondingError);
      const error = outcome.error as PageNotRespondingError;
      expect(error.reason).toBe('dialogs');
      // 1500 ms, stretched on a machine with more work than CPUs (patienceUnderLoad).
      expect(error.withinMs).toBeGreaterThanOrEqual(1500);
      expect(error.dialogs.length).toBeGreaterThan(1);
      expect(error.dialogs[0]).toMatchObject({ type: 'alert', message: 'again', action: 'dismissed', by: 'leaving' });
      expect(error.message).not.toMatch(/browser_/);
      // The caller's way out: close the page without its unload handlers; a new page works.
      await page.close({ runBeforeUnload: false });
      page = await context.newPage();
      aria = await attach(page);
      expect((await aria.goto(at('/plain'))).load).toBe('loaded');
    } else {
      expect(outcome.value!.url).toBe(at('/plain'));
      expect(outcome.value!.dialogs.every(d => d.action === 'dismissed' && d.type === 'alert')).toBe(true);
    }
    expect(await aria.snapshot()).toContain('heading "Healthy page"');
  });

  it('accepts a beforeunload prompt by default, and stays when told to dismiss it', async () => {
    await freshPage();
    await page.goto(at('/guard'));
    // Chromium honours beforeunload only after a user gesture.
    await page.getByLabel('Draft').fill('unsaved');
    await page.getByLabel('Draft').click();
    const stayed = await timed(() => aria.goto(at('/plain'), { beforeUnload: 'dismiss', timeoutMs: 3000 }));
    expect(stayed.ms).toBeLessThan(10_000);
    expect(stayed.error).toBeInstanceOf(StayedOnPageError);
    expect(stayed.error).toMatchObject({ at: at('/guard'), target: at('/plain') });
    expect(page.url()).toBe(at('/guard'));
    const left = await aria.goto(at('/plain'));
    expect(left).toMatchObject({ url: at('/plain'), load: 'loaded' });
    expect(left.dialogs).toEqual([expect.objectContaining({ type: 'beforeunload', action: 'accepted', by: 'leaving' })]);
    expect(await aria.snapshot()).toContain('heading "Healthy page"');
  });

  it('gets away from a page that reloads or redirects itself every 100 ms', async () => {
    await freshPage();
    for (const path of ['/reloader', '/redirector']) {
      for (let round = 0; round < 3; round++) {
        await page.goto(at(path)).catch(() => {});
        await new Promise(resolve => setTimeout(resolve, 150));
        const outcome = await timed(() => aria.goto(at('/plain')));
        expect(outcome.error, String(outcome.error)).toBeUndefined();
        expect(outcome.ms).toBeLessThan(15_000);
        expect(outcome.value).toMatchObject({ url: at('/plain'), load: 'loaded' });
        expect(outcome.value!.cutShort).toBeLessThan(6);
        expect(await aria.snapshot()).toContain('heading "Healthy page"');
      }
    }
  });

  it('says a page whose script never yields is not responding, within the bound', async () => {
    await freshPage();
    await page.goto(at('/busy'));
    await new Promise(resolve => setTimeout(resolve, 500));
    const outcome = await timed(() => aria.goto(at('/plain')));
    expect(outcome.error).toBeInstanceOf(PageNotRespondingError);
    const error = outcome.error as PageNotRespondingError;
    expect(error).toMatchObject({ reason: 'busy', url: at('/busy'), dialogs: [] });
    // The bound: 1500 ms, stretched on a machine with more work than CPUs (patienceUnderLoad).
    expect(error.withinMs).toBeGreaterThanOrEqual(1500);
    expect(outcome.ms).toBeLessThan(error.withinMs + 2_500);
    // back/forward/reload check the same way before they leave.
    const reloading = await timed(() => aria.reload());
    expect(reloading.error).toBeInstanceOf(PageNotRespondingError);
    expect(reloading.ms).toBeLessThan((reloading.error as PageNotRespondingError).withinMs + 2_500);
    // A shorter bound when the caller wants one.
    const quick = await timed(() => prepareToLeave(aria, { respondWithinMs: 300 }));
    expect(quick.error).toBeInstanceOf(PageNotRespondingError);
    expect((quick.error as PageNotRespondingError).withinMs).toBeLessThan(error.withinMs);
    expect(quick.ms).toBeLessThan((quick.error as PageNotRespondingError).withinMs + 1_700);
  });

  it('throws KeptNavigatingError when the page it lands on keeps running away', async () => {
    await freshPage();
    await aria.goto(at('/plain'));
    const outcome = await timed(() => aria.goto(at('/runs-away'), { timeoutMs: 20_000 }));
    expect(outcome.ms).toBeLessThan(40_000);
    expect(outcome.error, String(outcome.value?.url)).toBeInstanceOf(KeptNavigatingError);
    const error = outcome.error as KeptNavigatingError;
    expect(error.target).toBe(at('/runs-away'));
    expect(error.count).toBe(6);
    expect(error.at).toMatch(/\/second\?from=/);
    expect(error.message).not.toMatch(/browser_/);
  }, 60_000);

  it('goes back, forward and reloads, with data for a step that has nowhere to go', async () => {
    await freshPage();
    await aria.goto(at('/plain'));
    await aria.goto(at('/second'));
    expect(await aria.back()).toMatchObject({ url: at('/plain'), status: 200, load: 'loaded', dialogs: [] });
    expect(await aria.forward()).toMatchObject({ url: at('/second'), status: 200 });
    expect(await aria.reload()).toMatchObject({ url: at('/second'), status: 200 });
    const nowhere = await aria.forward();
    expect(nowhere.response).toBeNull();
    expect(nowhere.noHistoryEntry).toBe(true);
    expect(nowhere.url).toBe(at('/second'));
  });

  it('answers a dialog an action left open (dialogs: ask) on the way out', async () => {
    await freshPage();
    await aria.goto(at('/alert-button'));
    const snapshot = await aria.snapshot();
    const ref = /button "Greet" \[ref=(\w+)\]/.exec(snapshot)![1]!;
    const report = await click(aria, ref);
    expect(report.outcome).toBe('dialog');
    const result = await aria.goto(at('/plain'));
    expect(result.dialogs).toEqual([expect.objectContaining({ type: 'alert', message: 'hello', action: 'dismissed', by: 'leaving' })]);
    expect(result.url).toBe(at('/plain'));
  });
});

describe('leaving a page with collectors attached', () => {
  it('lets the page\'s ModalStates answer and log the dialogs', async () => {
    await freshPage();
    const collectors = attachCollectors(page);
    await page.goto(at('/guard'));
    await page.getByLabel('Draft').click();
    const dialogs = leavingDialogs(collectors.modal);
    await expect(navigate(page, at('/plain'), { dialogs, beforeUnload: 'dismiss' })).rejects.toBeInstanceOf(StayedOnPageError);
    expect(page.url()).toBe(at('/guard'));
    const result = await navigate(page, at('/plain'), { dialogs });
    expect(result.url).toBe(at('/plain'));
    expect(result.dialogs).toEqual([expect.objectContaining({ type: 'beforeunload', action: 'accepted', by: 'leaving' })]);
    expect(collectors.modal.handledSince(0)).toEqual([
      expect.objectContaining({ type: 'beforeunload', action: 'dismissed', by: 'leaving' }),
      expect.objectContaining({ type: 'beforeunload', action: 'accepted', by: 'leaving' }),
    ]);
    expect(collectors.modal.states()).toEqual([]);
  });
});

describe('one navigation tracker per page', () => {
  it('adds one set of Playwright listeners however many subscribe, and removes them with the last', async () => {
    await freshPage();
    const probe = await context.newPage();
    // Playwright's Page is a Node EventEmitter; its types leave listenerCount out.
    const count = (event: string) => (probe as unknown as { listenerCount(event: string): number }).listenerCount(event);
    const base = { request: count('request'), framenavigated: count('framenavigated') };
    const navigation = pageNavigation(probe);
    const seen: string[] = [];
    const offs = [
      navigation.onNavigationRequest({ started: request => seen.push(`a ${request.url()}`) }),
      navigation.onNavigationRequest({ started: request => seen.push(`b ${request.url()}`), failed: () => {} }),
      navigation.onMainFrameCommit(frame => seen.push(`commit ${frame.url()}`)),
      navigation.watchCommits(1).stop,
    ];
    expect(count('request')).toBe(base.request + 1);
    expect(count('framenavigated')).toBeLessThanOrEqual(base.framenavigated + 1);
    await probe.goto(at('/plain'));
    // Subscription order is dispatch order.
    expect(seen).toEqual([`a ${at('/plain')}`, `b ${at('/plain')}`, `commit ${at('/plain')}`]);
    for (const off of offs) off();
    expect(count('request')).toBe(base.request);
  });
});
