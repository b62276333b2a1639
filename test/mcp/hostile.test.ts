// Hostile and broken pages (issue 8), end to end over stdio: every call returns within a
// generous bound, says what happened, and the server keeps serving. Each test ends with a health
// probe: navigate to a plain page and snapshot it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, sectionOf, servePages, stdioClient, type CallResult, type PageServer } from './helpers.js';

const BOUND = 60_000;

const bigPage = (() => {
  const items: string[] = [];
  for (let i = 0; i < 100_000; i++) items.push(`<span>item ${i}</span>`);
  return `<!doctype html><title>Big</title><h1>Big page</h1><div>${items.join('')}</div><button>Last</button>`;
})();

const pages: Record<string, string> = {
  '/plain': '<!doctype html><title>Plain</title><h1>Healthy page</h1><button>OK</button>',
  '/alerts': '<!doctype html><title>Alerts</title><h1>Alerts</h1><script>setTimeout(() => { for (;;) alert("again"); }, 50);</script>',
  '/busy': '<!doctype html><title>Busy</title><h1>Busy</h1><script>setTimeout(() => { for (;;) {} }, 300);</script>',
  '/self-close': '<!doctype html><title>Self close</title><button onclick="setTimeout(() => window.close(), 0)">Close me</button>',
  '/opener': '<!doctype html><title>Opener</title><h1>Opener</h1><button onclick="for (let i = 0; i < 12; i++) window.open(\'/plain?popup=\' + i, \'_blank\')">Open</button>',
  '/guard': '<!doctype html><title>Guard</title><h1>Guarded</h1><input aria-label="Draft"><script>addEventListener("beforeunload", e => { e.preventDefault(); e.returnValue = "sure?"; return "sure?"; });</script>',
  '/big': bigPage,
  '/reloader': '<!doctype html><title>Reloader</title><h1>Reloading</h1><button>Stay</button><script>setTimeout(() => location.reload(), 100);</script>',
  '/reload-now': '<!doctype html><title>Reload now</title><h1>Again</h1><script>location.reload();</script>',
  '/redirector': '<!doctype html><title>Redirector</title><h1>Hop</h1><script>setTimeout(() => { location.href = "/redirector?n=" + Math.random(); }, 100);</script>',
};

let site: PageServer;
let client: Client;
const times: Record<string, number> = {};

beforeAll(async () => {
  site = await servePages(pages);
  client = await stdioClient();
});

afterAll(async () => {
  console.log('hostile page timings (ms):', JSON.stringify(times));
  await client?.close();
  await site?.close();
});

/** One call, with its duration recorded and a generous "did not hang" bound. */
async function timed(label: string, name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const start = Date.now();
  const result = await call(client, name, args);
  const elapsed = Date.now() - start;
  times[label] = elapsed;
  if (process.env.HOSTILE_DEBUG) console.log(`--- ${label} (${elapsed} ms)\n${result.text.slice(0, 700)}`);
  expect(elapsed, `${label} took ${elapsed} ms`).toBeLessThan(BOUND);
  return result;
}

function refIn(text: string, role: string, name: string): string {
  const line = text.split('\n').find(l => l.includes(`- ${role} "${name}"`) && l.includes('[ref='));
  if (!line) throw new Error(`No ${role} "${name}" in:\n${text}`);
  return /\[ref=([a-z0-9]+)\]/.exec(line)![1];
}

/** Dismiss any dialog left open so the next call is not blocked by it (ignoring "no dialog"). */
async function clearDialogs() {
  for (let i = 0; i < 3; i++) {
    const result = await call(client, 'browser_handle_dialog', { accept: true });
    if (result.isError) return;
  }
}

async function healthProbe(label: string) {
  const nav = await timed(`${label}: probe navigate`, 'browser_navigate', { url: `${site.origin}/plain` });
  expect(nav.isError, nav.text).toBe(false);
  const snap = await timed(`${label}: probe snapshot`, 'browser_snapshot');
  expect(snap.isError, snap.text).toBe(false);
  expect(sectionOf(snap.text, 'Snapshot')).toContain('heading "Healthy page"');
}

describe('hostile pages', () => {
  it('1. alert in a loop: navigate away, tabs close/select and browser_close still work', async () => {
    const nav = await timed('1 navigate alerts', 'browser_navigate', { url: `${site.origin}/alerts` });
    expect(nav.text.length).toBeGreaterThan(0);
    expect(sectionOf(nav.text, 'Modal state')).toContain('["alert" dialog with message "again"]: can be handled by browser_handle_dialog');
    const snap = await timed('1 snapshot during alerts', 'browser_snapshot');
    expect(snap.isError).toBe(true);
    expect(snap.text).toContain('browser_handle_dialog');
    // Navigating away answers the dialogs itself, says so, and lands (the looping tab is replaced).
    const away = await timed('1 navigate away', 'browser_navigate', { url: `${site.origin}/plain` });
    expect(away.isError, away.text).toBe(false);
    expect(sectionOf(away.text, 'Result')).toMatch(/To leave the page, dismissed its alert dialog "again"/);
    expect(sectionOf(away.text, 'Snapshot')).toContain('heading "Healthy page"');
    expect(sectionOf(away.text, 'Modal state')).toBe('');
    // Back on the alert page: browser_handle_dialog answers one dialog even though the page raises another.
    await timed('1 navigate alerts again', 'browser_navigate', { url: `${site.origin}/alerts` });
    const answered = await timed('1 handle dialog', 'browser_handle_dialog', { accept: true });
    expect(answered.isError, answered.text).toBe(false);
    // A second tab on the alert page: closing it and selecting the first works.
    const opened = await timed('1 new tab', 'browser_tabs', { action: 'new', url: `${site.origin}/alerts` });
    expect(opened.isError, opened.text).toBe(false);
    expect(sectionOf(opened.text, 'Modal state')).toContain('"alert" dialog');
    const listed = await timed('1 tabs list', 'browser_tabs', { action: 'list' });
    expect(listed.isError, listed.text).toBe(false);
    const closed = await timed('1 tabs close', 'browser_tabs', { action: 'close', index: 1 });
    expect(closed.isError, closed.text).toBe(false);
    expect(sectionOf(closed.text, 'Result')).toMatch(/Closing the tab dismissed the alert dialog "again"/);
    const selected = await timed('1 tabs select', 'browser_tabs', { action: 'select', index: 0 });
    expect(selected.isError, selected.text).toBe(false);
    const closedAll = await timed('1 browser_close', 'browser_close');
    expect(closedAll.isError, closedAll.text).toBe(false);
    expect(closedAll.text).toContain('Closed the browser');
    await healthProbe('1');
  }, 240_000);

  it('2. busy loop: snapshot is bounded and says the page is not responding; another tab works', async () => {
    await timed('2 navigate busy', 'browser_navigate', { url: `${site.origin}/busy` });
    await new Promise(resolve => setTimeout(resolve, 500));
    const snap = await timed('2 snapshot busy', 'browser_snapshot');
    expect(sectionOf(snap.text, 'Snapshot')).toMatch(/did not answer within \d+ ?ms.*busy/s);
    const opened = await timed('2 new tab', 'browser_tabs', { action: 'new', url: `${site.origin}/plain` });
    expect(opened.isError, opened.text).toBe(false);
    const other = await timed('2 snapshot other tab', 'browser_snapshot');
    expect(other.isError, other.text).toBe(false);
    expect(sectionOf(other.text, 'Snapshot')).toContain('heading "Healthy page"');
    expect(sectionOf(snap.text, 'Snapshot')).toMatch(/browser_navigate away/);
    // Navigating away from the frozen tab works: the tab is replaced and says so.
    const select = await timed('2 select busy tab', 'browser_tabs', { action: 'select', index: 0 });
    expect(select.text.length).toBeGreaterThan(0);
    const away = await timed('2 navigate away from busy', 'browser_navigate', { url: `${site.origin}/plain?left-busy` });
    expect(away.isError, away.text).toBe(false);
    expect(sectionOf(away.text, 'Result')).toMatch(/not responding.*replaced by a fresh one/s);
    expect(sectionOf(away.text, 'Snapshot')).toContain('heading "Healthy page"');
    const listed = await timed('2 tabs list', 'browser_tabs', { action: 'list' });
    expect(sectionOf(listed.text, 'Result')).toMatch(/^- 0:.*left-busy/m);
    const closed = await timed('2 close other tab', 'browser_tabs', { action: 'close', index: 1 });
    expect(closed.isError, closed.text).toBe(false);
    await healthProbe('2');
  }, 240_000);

  it('3. renderer crash: reported, next navigation works', async () => {
    await timed('3 navigate plain', 'browser_navigate', { url: `${site.origin}/plain` });
    const crash = await timed('3 navigate chrome://crash', 'browser_navigate', { url: 'chrome://crash' });
    const after = await timed('3 snapshot after crash', 'browser_snapshot');
    expect(`${crash.text}\n${after.text}`).toContain('Page crashed and was reset to about:blank.');
    await healthProbe('3');
  }, 240_000);

  it('4. a tab that closes itself during a click; 12 popups all listed', async () => {
    await timed('4 navigate opener', 'browser_navigate', { url: `${site.origin}/opener` });
    const base = await timed('4 snapshot opener', 'browser_snapshot');
    const opened = await timed('4 click open 12', 'browser_click', { element: 'Open', ref: refIn(base.text, 'button', 'Open') });
    expect(opened.isError, opened.text).toBe(false);
    // The popups open asynchronously after the click: wait for the browser to have opened them all.
    const popupLinesOf = (text: string) => sectionOf(text, 'Result').split('\n').filter(line => /^- \d+:.*\/plain\?popup=/.test(line));
    let listed = await timed('4 tabs list', 'browser_tabs', { action: 'list' });
    for (const end = Date.now() + 60_000; popupLinesOf(listed.text).length < 12 && Date.now() < end;) {
      await new Promise(resolve => setTimeout(resolve, 250));
      listed = await timed('4 tabs list', 'browser_tabs', { action: 'list' });
    }
    expect(listed.isError, listed.text).toBe(false);
    expect(popupLinesOf(listed.text).length, listed.text).toBe(12);
    // A popup (script-opened, so window.close() is allowed) turns into a page that closes itself.
    const popup = await timed('4 select popup', 'browser_tabs', { action: 'select', index: 12 });
    expect(popup.isError, popup.text).toBe(false);
    await timed('4 navigate popup to self-close', 'browser_navigate', { url: `${site.origin}/self-close` });
    const snap = await timed('4 snapshot self-close', 'browser_snapshot');
    const click = await timed('4 click close me', 'browser_click', { element: 'Close me', ref: refIn(snap.text, 'button', 'Close me') });
    expect(click.text.length).toBeGreaterThan(0);
    // The page closes itself asynchronously: the answers until the browser has closed it are kept.
    const seen = [click.text];
    for (const end = Date.now() + 60_000; !seen.some(text => /closed itself/.test(text)) && Date.now() < end;) {
      await new Promise(resolve => setTimeout(resolve, 250));
      seen.push((await timed('4 tabs list while closing', 'browser_tabs', { action: 'list' })).text);
    }
    const after = await timed('4 snapshot after self-close', 'browser_snapshot');
    expect(after.isError, after.text).toBe(false);
    // Whichever response saw it says the tab closed itself and which tab is current now.
    expect(`${seen.join('\n')}\n${after.text}`).toMatch(/The current tab \(http:\/\/[^)]*\/self-close\) closed itself; tab \d+ \([^)]*popup[^)]*\) is now the current tab/);
    const listedAfter = await timed('4 tabs list after self-close', 'browser_tabs', { action: 'list' });
    expect(sectionOf(listedAfter.text, 'Result')).not.toContain('/self-close');
    expect(sectionOf(listedAfter.text, 'Result').split('\n').filter(line => /^- \d+:/.test(line)).length, listedAfter.text).toBe(12);
    await healthProbe('4');
  }, 240_000);

  it('5. a page that reloads or redirects itself every 100 ms: snapshots are bounded, leaving works', async () => {
    for (const path of ['/reloader', '/redirector', '/reload-now']) {
      for (let round = 0; round < 3; round++) {
        const nav = await timed(`5 navigate ${path} ${round}`, 'browser_navigate', { url: `${site.origin}${path}` });
        expect(nav.text.length).toBeGreaterThan(0);
        const snap = await timed(`5 snapshot ${path} ${round}`, 'browser_snapshot');
        // Either a snapshot of one of its documents, or a clear word that it kept navigating.
        if (snap.isError) expect(snap.text).toMatch(/kept navigating|navigat/i);
        else expect(sectionOf(snap.text, 'Snapshot')).toMatch(/heading "(Reloading|Hop|Again)"|kept navigating/);
        const away = await timed(`5 navigate away ${path} ${round}`, 'browser_navigate', { url: `${site.origin}/plain` });
        expect(away.isError, away.text).toBe(false);
        expect(sectionOf(away.text, 'Page')).toContain(`Page URL: ${site.origin}/plain`);
        expect(sectionOf(away.text, 'Snapshot')).toContain('heading "Healthy page"');
      }
    }
    await healthProbe('5');
  }, 240_000);

  it('6. beforeunload guard: navigating away never blocks', async () => {
    const nav = await timed('6 navigate guard', 'browser_navigate', { url: `${site.origin}/guard` });
    const snap = sectionOf(nav.text, 'Snapshot');
    // Give the page a user gesture so Chromium honours the beforeunload prompt.
    await timed('6 type', 'browser_type', { element: 'Draft', ref: refIn(snap, 'textbox', 'Draft'), text: 'unsaved' });
    const away = await timed('6 navigate away', 'browser_navigate', { url: `${site.origin}/plain` });
    // The default policy accepts the "leave this page?" prompt: nothing blocks, nothing is left open.
    expect(away.isError, away.text).toBe(false);
    expect(sectionOf(away.text, 'Modal state')).toBe('');
    // Known race (see the issue 8 note): past the prompt, the response can still show the old
    // document while the new one commits; the tab must reach the new page right after.
    let landed = sectionOf(away.text, 'Snapshot').includes('heading "Healthy page"');
    for (let i = 0; !landed && i < 6; i++) {
      await new Promise(resolve => setTimeout(resolve, 500));
      landed = sectionOf((await timed(`6 snapshot after leaving ${i}`, 'browser_snapshot')).text, 'Snapshot').includes('heading "Healthy page"');
    }
    expect(landed).toBe(true);
    await healthProbe('6');
  }, 240_000);

  it('7. a 100,000-element page: bounded snapshot under ~200,000 characters', async () => {
    await timed('7 navigate big', 'browser_navigate', { url: `${site.origin}/big` });
    const snap = await timed('7 snapshot big', 'browser_snapshot');
    expect(snap.isError, snap.text.slice(0, 2000)).toBe(false);
    expect(snap.text).toContain('heading "Big page"');
    expect(snap.text.length).toBeLessThan(200_000);
    expect(snap.text).toContain('more items folded');
    // Paging on, as the fold line says, is bounded too.
    const next = await timed('7 snapshot big offset=1', 'browser_snapshot', { offset: 1 });
    expect(next.isError, next.text.slice(0, 2000)).toBe(false);
    expect(next.text.length).toBeLessThan(200_000);
    times['7 offset=1 chars'] = next.text.length;
    times['7 snapshot chars'] = snap.text.length;
    await healthProbe('7');
  }, 240_000);

  it('8. refused and malformed input: clean tool errors naming the problem', async () => {
    const file = await timed('8 file url', 'browser_navigate', { url: 'file:///etc/passwd' });
    expect(file.isError, file.text).toBe(true);
    expect(file.text).toMatch(/file/i);
    expect(file.text).not.toContain('root:x:0:0');
    await timed('8 navigate plain', 'browser_navigate', { url: `${site.origin}/plain` });
    for (const ref of ['e9999999', '<<<']) {
      const bad = await timed(`8 bad ref ${ref}`, 'browser_click', { element: 'nothing', ref });
      expect(bad.isError, bad.text).toBe(true);
      expect(bad.text).toMatch(/ref/i);
    }
    const huge = 'x'.repeat(1024 * 1024);
    const big = await timed('8 1 MB ref', 'browser_click', { element: 'x', ref: huge });
    expect(big.isError).toBe(true);
    expect(big.text.length).toBeLessThan(20_000);
    const badUrl = await timed('8 bad url', 'browser_navigate', { url: 'http://exa mple .com:99999/%%%' });
    expect(badUrl.isError, badUrl.text).toBe(true);
    expect(badUrl.text).toMatch(/url|invalid|navigat/i);
    const badKey = await timed('8 bad key', 'browser_press_key', { key: 'NoSuchKeyName' });
    expect(badKey.isError, badKey.text).toBe(true);
    expect(badKey.text).toMatch(/key/i);
    await healthProbe('8');
  }, 240_000);
});

it('9. a page (and its iframes) replacing built-ins after load: navigate, snapshot and find still work', async () => {
  const sabotage = `<script>
    const broken = () => { throw new Error('hijacked built-in'); };
    Array.prototype.push = broken; Array.prototype[Symbol.iterator] = broken;
    Map.prototype.get = broken; Map.prototype.set = broken; window.Map = function () { throw new Error('no Map'); };
    WeakMap.prototype.get = function () { return undefined; }; WeakMap.prototype.set = broken;
    Set.prototype.has = function () { return true; }; Element.prototype.getAttribute = function () { return 'hijacked'; };
    window.MutationObserver = function () { throw new Error('no observers'); };
    JSON.stringify = function () { return '"hijacked"'; }; JSON.parse = broken; Promise.prototype.then = broken;
    Function.prototype.call = broken; Function.prototype.apply = broken;
  </script>`;
  const frame = `<!doctype html><button>Pay</button>${sabotage}`;
  // The cross-origin frame comes from its own server, reached as localhost (another site).
  const frames = await servePages({ '/builtins-frame': frame });
  const cross = frames.origin.replace('127.0.0.1', 'localhost');
  const server = await servePages({
    '/builtins': `<!doctype html><title>Builtins</title><h1>Replaced built-ins</h1><button>Save</button>
      <iframe src="/builtins-frame" title="Same"></iframe><iframe src="${cross}/builtins-frame" title="Cross"></iframe>${sabotage}`,
    '/builtins-frame': frame,
  });
  try {
    const nav = await timed('9 navigate builtins', 'browser_navigate', { url: `${server.origin}/builtins` });
    expect(nav.isError, nav.text).toBe(false);
    const snap = await timed('9 snapshot builtins', 'browser_snapshot');
    expect(snap.isError, snap.text).toBe(false);
    const section = sectionOf(snap.text, 'Snapshot');
    expect(section).toContain('heading "Replaced built-ins"');
    expect(section).toContain('button "Save"');
    expect(section.split('\n').filter(line => line.includes('button "Pay" [ref=f')).length, section).toBe(2);
    const found = await timed('9 find builtins', 'browser_find', { role: 'button' });
    expect(found.isError, found.text).toBe(false);
    expect(found.text).toContain(`button "Save" [ref=${refIn(section, 'button', 'Save')}]`);
    expect(found.text.split('\n').filter(line => line.includes('button "Pay"')).length, found.text).toBe(2);
    // Actions on refs do not depend on the page's built-ins either (Playwright's isolated world).
    const clicked = await timed('9 click builtins', 'browser_click', { element: 'Save', ref: refIn(section, 'button', 'Save') });
    expect(clicked.isError, clicked.text).toBe(false);
    // The click landed: the button took the focus (the page's own handlers may break on such a
    // page). The diff does not say so (focus on the clicked element is no news): a snapshot does.
    expect(clicked.text).toContain('# diff: no changes since the previous snapshot');
    const after = await timed('9 snapshot after click', 'browser_snapshot');
    expect(sectionOf(after.text, 'Snapshot')).toMatch(/button "Save" \[active\] \[ref=/);
    await healthProbe('9');
  } finally {
    await server.close();
    await frames.close();
  }
}, 240_000);
