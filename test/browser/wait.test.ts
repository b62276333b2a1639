// The wait after actions, on real Chromium: SPA timers, background churn, dialogs, navigation,
// requests and aria-busy. Only generous "did not hang" bounds; measured times are printed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { startHarness, median, type Harness } from './wait-harness.js';
import { runAndWait, waitForSettle } from '../../driver/actions/wait.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

const HANG_BOUND_MS = 2500;

function spa(delayMs: number): string {
  return `<!doctype html><button id=b>Load</button><div id=out>before</div><script>
    b.onclick = () => setTimeout(() => { out.textContent = 'after'; }, ${delayMs});
  </script>`;
}

async function outText(page: Page): Promise<string> {
  return page.evaluate(() => document.getElementById('out')!.textContent ?? '');
}

/** The runtime's own snapshot, as the agent would take it right after the action. */
async function snapshotYaml(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as any).__ariaref.snapshot().yaml as string);
}

async function resetOut(page: Page): Promise<void> {
  await page.evaluate(() => { document.getElementById('out')!.textContent = 'before'; });
}

describe('after a click', () => {
  test('an update 300 ms after the click is in place when the call returns', async () => {
    const page = await h.open('/spa300', spa(300));
    await page.locator('#b').click({ trial: true }); // warm Playwright's injected script
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      await resetOut(page);
      const started = Date.now();
      const report = await runAndWait(page, () => page.locator('#b').click());
      times.push(Date.now() - started);
      expect(await snapshotYaml(page)).toContain('after');
      expect(report.outcome).toBe('quiet');
      expect(report.elapsedMs).toBeLessThan(HANG_BOUND_MS);
    }
    console.log(`[wait] 300 ms SPA update: round trips ${times.join(', ')} ms; median ${median(times)} ms`);
    await page.close();
  });

  test('an update 1 s after the click (timer started by the click) is caught', async () => {
    const page = await h.open('/spa1000', spa(1000));
    const started = Date.now();
    const report = await runAndWait(page, () => page.locator('#b').click());
    console.log(`[wait] 1 s timer update: ${Date.now() - started} ms`);
    expect(await outText(page)).toBe('after');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  test('a debounce the page cancels is not waited for', async () => {
    const page = await h.open('/debounce', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      b.onclick = () => { const id = setTimeout(() => { out.textContent = 'late'; }, 1000); setTimeout(() => clearTimeout(id), 20); };
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.outcome).toBe('quiet');
    expect(report.settledAfterMs!).toBeLessThan(900); // it did not sit out the cancelled 1 s timer
    expect(await outText(page)).toBe('before');
    await page.close();
  });

  test('a change no tracked work explains earns a whole quiet window after it', async () => {
    // A background interval (not the click's) changes the page every 20 ms for 750 ms after the
    // click: the first change lands inside the tail, and each one extends the wait by a quiet
    // window, so the wait sees the last step. The waits are stretched tenfold (a 300 ms tail, 1 s
    // quiet windows), as on a slow machine: a renderer stalled past a 30 ms tail by a loaded host
    // would put the first change after it, and that is not what this test is about. The steps
    // outlast the tail: a wait that ended after it would see one of them.
    const page = await h.open('/floor', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      let clickedAt = 0;
      b.onclick = () => { clickedAt = Date.now(); setTimeout(() => {}, 0); };
      setInterval(() => {
        if (!clickedAt) return;
        const step = Math.floor((Date.now() - clickedAt) / 150);
        out.textContent = step >= 5 ? 'after' : 'step ' + step;
        if (step >= 5) clickedAt = 0;
      }, 20);
    </script>`);
    await runAndWait(page, () => page.locator('#b').click(), { cpuSlowdown: 10 });
    expect(await outText(page)).toBe('after');
    await page.close();
  });

  test('a page that mutates forever returns well before the cap and says so', async () => {
    const page = await h.open('/ticker', `<!doctype html><button id=b>Nothing</button><div id=clock>0</div><script>
      let n = 0; setInterval(() => { clock.textContent = String(++n); }, 50);
    </script>`);
    await page.waitForTimeout(1100); // a second of history before the action
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      // Quiet windows stretched tenfold (1 s), as on a slow machine: a loaded host that stalls the
      // 50 ms ticker past a 100 ms window would make the page look quiet, which it is not.
      const report = await runAndWait(page, () => page.locator('#b').click(), { cpuSlowdown: 10 });
      times.push(Date.now() - started);
      expect(report.outcome).toBe('churn');
      expect(report.elapsedMs).toBeLessThan(HANG_BOUND_MS);
    }
    console.log(`[wait] forever-mutating page: round trips ${times.join(', ')} ms`);
    await page.close();
  });

  test('a 300 ms update on a churning page is still waited for', async () => {
    const page = await h.open('/ticker-spa', `<!doctype html><button id=b>Load</button><div id=out>before</div><div id=clock>0</div><script>
      let n = 0; setInterval(() => { clock.textContent = String(++n); }, 50);
      b.onclick = () => setTimeout(() => { out.textContent = 'after'; }, 300);
    </script>`);
    await page.waitForTimeout(1100);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('after');
    // A 50 ms ticker leaves gaps longer than the tail, so 'quiet' is as right as 'churn' here.
    expect(['quiet', 'churn']).toContain(report.outcome);
    await page.close();
  });

  test('a click-started ticker (no churn before) is given up on before the cap', async () => {
    const page = await h.open('/start-ticker', `<!doctype html><button id=b>Start</button><div id=clock>0</div><script>
      b.onclick = () => { let n = 0; setInterval(() => { clock.textContent = String(++n); }, 40); };
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    console.log(`[wait] click-started ticker: ${report.elapsedMs} ms`);
    // On a loaded machine the 40 ms interval can stall past the quiet window, which also ends the
    // wait early; what must never happen is burning the 3 s cap.
    expect(['churn', 'quiet']).toContain(report.outcome);
    expect(report.elapsedMs).toBeLessThan(5000);
    await page.close();
  });

  test('alert() on click returns at once with the dialog, and nothing hangs', async () => {
    const page = await h.open('/alert', `<!doctype html><button id=b onclick="alert('Saved!'); document.body.dataset.after = 'yes'">Save</button>`);
    // The dialog's owner (AriaPage) keeps it open for the agent; the waiter only reports it.
    let open: import('playwright').Dialog | undefined;
    page.on('dialog', dialog => { open = dialog; });
    const report = await runAndWait(page, () => page.locator('#b').click());
    console.log(`[wait] alert: ${report.elapsedMs} ms`);
    expect(report.outcome).toBe('dialog');
    expect(report.dialog).toEqual({ type: 'alert', message: 'Saved!' });
    expect(report.elapsedMs).toBeLessThan(HANG_BOUND_MS);
    // While the dialog is still open a settle must not hang either.
    const paused = await waitForSettle(page, { timeoutMs: 300 });
    expect(paused.outcome).not.toBe('quiet');
    expect(paused.elapsedMs).toBeLessThan(HANG_BOUND_MS);
    await open!.dismiss();
    expect(await page.evaluate(() => document.body.dataset.after)).toBe('yes');
    await page.close();
  });

  test('a click that navigates reports the new URL and settles the new page', async () => {
    h.route('/target', '<!doctype html><h1 id=out>Arrived</h1>');
    const page = await h.open('/nav', '<!doctype html><a id=go href="/target?x=1">Go</a>');
    const report = await runAndWait(page, () => page.locator('#go').click());
    expect(report.navigatedTo).toBe(`${h.origin}/target?x=1`);
    expect(report.sameDocument).toBe(false);
    expect(report.outcome).toBe('quiet');
    expect(await outText(page)).toBe('Arrived');
    await page.close();
  });

  test('a navigation started by the action\'s own timer is followed, not cut off', async () => {
    h.route('/later', '<!doctype html><h1 id=out>Later page</h1>');
    const page = await h.open('/timer-nav', `<!doctype html><button id=b>Continue</button><div id=out>here</div><script>
      b.onclick = () => setTimeout(() => { location.href = '/later'; }, 250);
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.navigatedTo).toBe(`${h.origin}/later`);
    expect(report.sameDocument).toBe(false);
    expect(await outText(page)).toBe('Later page');
    await page.close();
  });

  test('a timer navigation answered with 204 leaves the page settled where it was', async () => {
    h.route('/nothing2', (_req, res) => { res.writeHead(204).end(); });
    const page = await h.open('/timer-204', `<!doctype html><button id=b>Go</button><div id=out>here</div><script>
      b.onclick = () => setTimeout(() => { location.href = '/nothing2'; out.textContent = 'asked'; }, 100);
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.navigatedTo).toBeUndefined();
    expect(report.elapsedMs).toBeLessThan(HANG_BOUND_MS);
    expect(await outText(page)).toBe('asked');
    await page.close();
  });

  test('a history.pushState navigation is reported as same-document', async () => {
    const page = await h.open('/push', `<!doctype html><button id=b>Tab 2</button><div id=out>one</div><script>
      b.onclick = () => { history.pushState({}, '', '/push/two'); out.textContent = 'two'; };
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.navigatedTo).toBe(`${h.origin}/push/two`);
    expect(report.sameDocument).toBe(true);
    expect(await outText(page)).toBe('two');
    await page.close();
  });

  test('a link answered with 204 does not count as a navigation', async () => {
    h.route('/nothing', (_req, res) => { res.writeHead(204).end(); });
    const page = await h.open('/link204', '<!doctype html><a id=go href="/nothing">Nothing</a><div id=out>here</div>');
    const report = await runAndWait(page, () => page.locator('#go').click());
    expect(report.navigatedTo).toBeUndefined();
    expect(report.elapsedMs).toBeLessThan(HANG_BOUND_MS);
    expect(await outText(page)).toBe('here');
    await page.close();
  });

  test('a fetch answered with 204 after 200 ms is waited for', async () => {
    h.route('/api/save', (_req, res) => { setTimeout(() => res.writeHead(204).end(), 200); });
    const page = await h.open('/fetch', `<!doctype html><button id=b>Save</button><div id=out>before</div><script>
      b.onclick = () => fetch('/api/save', { method: 'POST' }).then(r => { out.textContent = 'saved ' + r.status; });
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('saved 204');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  test('an XHR started by the click is waited for', async () => {
    h.route('/api/data', (_req, res) => { setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('rows'), 250); });
    const page = await h.open('/xhr', `<!doctype html><button id=b>Load</button><div id=out>before</div><script>
      b.onclick = () => { const x = new XMLHttpRequest(); x.open('GET', '/api/data'); x.onload = () => { out.textContent = x.responseText; }; x.send(); };
    </script>`);
    await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('rows');
    await page.close();
  });

  test('an aria-busy region that turns busy is waited for', async () => {
    // The result arrives from a background interval (not tracked): only aria-busy says "not yet".
    const page = await h.open('/busy', `<!doctype html><button id=b>Search</button><section id=r aria-label=Results><div id=out>before</div></section><script>
      let startedAt = 0;
      b.onclick = () => { r.setAttribute('aria-busy', 'true'); startedAt = Date.now(); };
      setInterval(() => { if (startedAt && Date.now() - startedAt > 600) { startedAt = 0; out.textContent = 'results'; r.removeAttribute('aria-busy'); } }, 150);
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('results');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  test('window.open from a click is reported as a popup', async () => {
    h.route('/popped', '<!doctype html><p>popup</p>');
    const page = await h.open('/opener', `<!doctype html><button id=b onclick="window.open('/popped')">Open</button>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.popups?.length).toBe(1);
    await page.close();
  });

  test('an action error is rethrown unchanged', async () => {
    const page = await h.open('/err', '<!doctype html><p>x</p>');
    await expect(runAndWait(page, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await page.close();
  });
});

describe('settle without an action', () => {
  test('a page that never mutates settles after the quiet window', async () => {
    const page = await h.open('/static', '<!doctype html><p id=out>still</p>');
    await page.waitForTimeout(1100);
    const report = await waitForSettle(page);
    expect(report.outcome).toBe('quiet');
    expect(report.mutations).toBe(0);
    await page.close();
  });

  test('mutations inside a shadow root count', async () => {
    const page = await h.open('/shadow', `<!doctype html><div id=host></div><script>
      const root = host.attachShadow({ mode: 'open' }); root.innerHTML = '<span>0</span>';
      let n = 0; setInterval(() => { root.firstChild.textContent = String(++n); }, 30);
    </script>`);
    await page.waitForTimeout(300);
    const report = await waitForSettle(page);
    expect(report.mutations!).toBeGreaterThan(0);
    expect(report.outcome).not.toBe('quiet');
    await page.close();
  });

  test('a page that replaces setTimeout, MutationObserver and Date.now still settles', async () => {
    const page = await h.open('/hostile', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      window.setTimeout = () => 0; window.MutationObserver = function () { throw new Error('no'); };
      Date.now = () => 0; performance.now = () => 0;
      b.onclick = () => { out.textContent = 'after'; };
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.outcome).toBe('quiet');
    expect(await outText(page)).toBe('after');
    await page.close();
  });
});
