// Over MCP, each reason a ref cannot be used has its own text and next step, also after later
// snapshots (every action's diff is one): removed (role, name, when), renamed (was / is now),
// replaced while acting, hidden or disabled now (why), covered (by what), the document replaced
// (both URLs), a typo.
// Actions get a 30 s timeout while each test has 10 s: only the fast path can pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSession, refOf, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

const TEST = 10_000;
const pages: Record<string, string> = {
  '/ephemeral': `<!doctype html><title>E</title><button id="eph">Ephemeral</button>
    <button onclick="document.getElementById('eph').remove()">Remove it</button>`,
  '/toggle': `<!doctype html><title>T</title><p id="count">0</p>
    <button onclick="count.textContent = +count.textContent + 1; this.textContent = this.textContent === 'Play' ? 'Pause' : 'Play'">Play</button>`,
  '/wizard': `<!doctype html><title>W</title><div id="wizard-step-2"><button>Next</button></div>
    <button id="send">Send</button>
    <button onclick="document.getElementById('wizard-step-2').style.display = 'none'; send.disabled = true">Lock</button>`,
  '/swap': `<!doctype html><title>S</title><p id="out">none</p><button id="b" onclick="out.textContent = 'clicked'">Swap</button>
    <script>b.addEventListener('pointermove', () => b.replaceWith(b.cloneNode(true)), { once: true });</script>`,
  '/other': '<!doctype html><title>O</title><h1>Other</h1>',
  '/covered': `<!doctype html><title>C</title><p id="out">none</p><button onclick="out.textContent = 'bought'">Buy</button>
    <div role="dialog" aria-label="Cookie consent" style="position:fixed;inset:0;background:#fff8"><p>We use cookies</p></div>`,
};

let site: PageServer;
let s: InProcessSession;

beforeAll(async () => {
  site = await servePages(pages);
  s = inProcessSession({ actionTimeoutMs: 30_000 } as never);
});

afterAll(async () => {
  await s?.close();
  await site?.close();
});

async function open(path: string): Promise<string> {
  const nav = await s.call('browser_navigate', { url: `${site.origin}${path}` });
  expect(nav.isError, nav.text).toBe(false);
  return sectionOf(nav.text, 'Snapshot') || sectionOf((await s.call('browser_snapshot')).text, 'Snapshot');
}

describe('ref errors over MCP', () => {
  it('a removed element after a later snapshot: role, name and the time of the snapshot that last saw it', async () => {
    const snap = await open('/ephemeral');
    const ref = refOf(snap, 'button', 'Ephemeral');
    const removed = await s.call('browser_click', { element: 'Remove it', target: refOf(snap, 'button', 'Remove it') });
    expect(removed.isError, removed.text).toBe(false);
    const clicked = await s.call('browser_click', { element: 'Ephemeral', target: ref });
    expect(clicked.isError).toBe(true);
    expect(clicked.text).toMatch(new RegExp(`Ref ${ref} \\(button "Ephemeral"\\) no longer exists: it was removed after the snapshot of \\d\\d:\\d\\d:\\d\\d\\. Take a new snapshot\\.`));
    const typo = await s.call('browser_click', { element: 'x', target: 'e999' });
    expect(typo.text).toContain('Ref e999 not found in the current page snapshot');
  }, TEST);

  it('a renamed element says what it was and what it is now, and is not clicked', async () => {
    const snap = await open('/toggle');
    const play = refOf(snap, 'button', 'Play');
    const first = await s.call('browser_click', { element: 'Play', target: play });
    expect(first.isError, first.text).toBe(false);
    const again = await s.call('browser_click', { element: 'Play', target: play });
    expect(again.isError).toBe(true);
    expect(again.text).toMatch(new RegExp(`Ref ${play} was button "Play", is now button "Pause" \\[ref=e\\d+\\]`));
    expect(sectionOf((await s.call('browser_snapshot')).text, 'Snapshot')).toMatch(/paragraph \[ref=e\d+\]: "1"/);
  }, TEST);

  it('hidden or disabled now: says why at once', async () => {
    const snap = await open('/wizard');
    const locked = await s.call('browser_click', { element: 'Lock', target: refOf(snap, 'button', 'Lock') });
    expect(locked.isError, locked.text).toBe(false);
    const next = await s.call('browser_click', { element: 'Next', target: refOf(snap, 'button', 'Next') });
    expect(next.text).toContain(`Ref ${refOf(snap, 'button', 'Next')} (button "Next") is not visible now (display: none on div#wizard-step-2)`);
    const send = await s.call('browser_click', { element: 'Send', target: refOf(snap, 'button', 'Send') });
    expect(send.text).toContain('(button "Send") is disabled now (disabled attribute on button#send)');
  }, TEST);

  it('an element swapped for a copy during the click: replaced while acting, and the copy not clicked', async () => {
    const snap = await open('/swap');
    const clicked = await s.call('browser_click', { element: 'Swap', target: refOf(snap, 'button', 'Swap') });
    expect(clicked.isError).toBe(true);
    expect(clicked.text).toContain(`Ref ${refOf(snap, 'button', 'Swap')} (button "Swap") was replaced while acting`);
    expect(sectionOf((await s.call('browser_snapshot')).text, 'Snapshot')).toMatch(/paragraph \[ref=e\d+\]: none/);
  }, TEST);

  it('covered by another element: names it at once, nothing clicked', async () => {
    const snap = await open('/covered');
    const clicked = await s.call('browser_click', { element: 'Buy', target: refOf(snap, 'button', 'Buy') });
    expect(clicked.isError).toBe(true);
    expect(clicked.text).toMatch(/Cannot click e\d+: it is covered by .*dialog "Cookie consent"/);
    expect(sectionOf((await s.call('browser_snapshot')).text, 'Snapshot')).toMatch(/paragraph \[ref=e\d+\]: none/);
  }, TEST);

  it('a ref from before a navigation names both pages', async () => {
    const snap = await open('/ephemeral');
    await open('/other');
    const clicked = await s.call('browser_click', { element: 'Ephemeral', target: refOf(snap, 'button', 'Ephemeral') });
    expect(clicked.text).toContain(`belonged to ${site.origin}/ephemeral before the page navigated to ${site.origin}/other`);
  }, TEST);
});
