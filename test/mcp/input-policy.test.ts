// Issue 24, one test per class of broken promise, through the registry against real Chromium:
// wrapped file: URLs refused, huge numbers refused by their bound, code that never finishes
// abandoned (a frozen tab replaced) with the next call working, no silent success (a dialog
// opened by a call is in its answer, an empty name verifies nothing), evaluate errors in the
// page's words, and no answer quoting a 1 MB input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSession, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';
import { stackFrames } from './fuzz-cases.js';

const APP = `function checkout() { return inner(); }
function inner() { throw new Error('cart is empty'); }`;

let site: PageServer;
let s: InProcessSession;

beforeAll(async () => {
  site = await servePages({
    '/': '<!doctype html><title>Policy</title><h1>Policy page</h1><label>Name <input id="name"></label><script src="/app.js"></script>',
    '/app.js': (_req, res) => { res.writeHead(200, { 'content-type': 'text/javascript' }); res.end(APP); },
  });
  // A short navigation timeout bounds evaluate and run_code at 3 s.
  s = inProcessSession({ caps: ['vision', 'testing'], navigationTimeoutMs: 3000 });
});

afterAll(async () => {
  await s?.close();
  await site?.close();
});

const home = () => s.call('browser_navigate', { url: `${site.origin}/` });

describe('URLs are judged after unwrapping', () => {
  it('refuses view-source:, blob: and filesystem: of a file, however written, in navigate and in a new tab', async () => {
    await home();
    for (const url of ['view-source:file:///etc/passwd', 'VIEW-SOURCE:file:///etc/passwd', ' view-source:file:///etc/passwd', 'blob:file:///00000000-0000', 'filesystem:file:///temporary/passwd']) {
      const refused = await s.call('browser_navigate', { url });
      expect(refused.isError, url).toBe(true);
      expect(refused.text).toContain('Error: Access to "file:" protocol is blocked.');
      expect(refused.text).toContain('--allow-file-access');
      expect(refused.text).not.toContain('root:x:0:0');
    }
    const tab = await s.call('browser_tabs', { action: 'new', url: 'view-source:file:///etc/passwd' });
    expect(tab.isError).toBe(true);
    const snapshot = await s.call('browser_snapshot');
    expect(snapshot.text).not.toContain('root:x:0:0');
    expect(snapshot.text).toContain('heading "Policy page"');
  });

  it('applies the origin lists to the URL a wrapper reaches', async () => {
    const blocked = inProcessSession({ blockedOrigins: ['blocked.example'] });
    try {
      const refused = await blocked.call('browser_navigate', { url: 'view-source:https://blocked.example/' });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/net::ERR_BLOCKED_BY_CLIENT: not navigating to view-source:https:\/\/blocked.example\/ \(it loads https:\/\/blocked.example\): .*--blocked-origins/);
    } finally {
      await blocked.close();
    }
  });
});

describe('numbers have bounds', () => {
  it('refuses clickCount 1e9 naming the bound, and the server carries on', async () => {
    await home();
    const huge = await s.call('browser_mouse_click_xy', { x: 5, y: 5, clickCount: 1e9 });
    expect(huge.isError).toBe(true);
    expect(huge.text).toContain('clickCount must be between 1 and 10, not 1000000000.');
    const fine = await s.call('browser_mouse_click_xy', { x: 5, y: 5, clickCount: 2 });
    expect(fine.isError, fine.text).toBe(false);
  });
});

describe('every call ends within its bound', () => {
  it('evaluate: a promise that never settles is abandoned and the page left as it is', async () => {
    await home();
    const pending = await s.call('browser_evaluate', { function: '() => new Promise(resolve => { window.keep = resolve; })' });
    expect(pending.isError).toBe(true);
    expect(pending.text).toContain('The function did not finish within 3 s and was abandoned');
    expect(pending.text).toContain('The page still responds');
    const next = await s.call('browser_evaluate', { function: '() => document.title' });
    expect(next.text).toContain('"Policy"');
  });

  it('evaluate: an endless loop is abandoned, the frozen tab replaced, and the next call works', async () => {
    await home();
    const loop = await s.call('browser_evaluate', { function: '() => { for (;;) {} }' });
    expect(loop.isError).toBe(true);
    expect(loop.text).toContain('did not finish within 3 s and was abandoned');
    expect(loop.text).toContain('its tab was replaced by a blank one at the same index');
    expect(s.session.tabs).toHaveLength(1);
    const after = await home();
    expect(after.isError, after.text).toBe(false);
    expect(sectionOf(after.text, 'Snapshot')).toContain('heading "Policy page"');
  });

  it('run_code: an endless loop in the page is abandoned and the tab recovered', async () => {
    await home();
    const loop = await s.call('browser_run_code_unsafe', { code: 'async (page) => page.evaluate(() => { for (;;) {} })' });
    expect(loop.isError).toBe(true);
    expect(loop.text).toContain('was abandoned');
    expect(loop.text).toContain('its tab was replaced');
    const after = await s.call('browser_run_code_unsafe', { code: 'async (page) => 6 * 7' });
    expect(after.isError, after.text).toBe(false);
    expect(after.text).toContain('42');
  });
});

describe('no silent success', () => {
  it('a dialog opened by navigating to javascript: is in that answer, and the script runs once', async () => {
    await home();
    const nav = await s.call('browser_navigate', { url: 'javascript:alert(1)' });
    expect(sectionOf(nav.text, 'Modal state')).toContain('["alert" dialog with message "1"]: can be handled by browser_handle_dialog');
    await s.call('browser_handle_dialog', { accept: true });
    const away = await s.call('browser_navigate', { url: `${site.origin}/?after` });
    expect(away.isError, away.text).toBe(false);
    // A second run of the script would raise a second alert, at the latest when the first
    // navigation's time (3 s) ran out: past it, none may be open.
    const later = await s.call('browser_wait_for', { time: 3.5 });
    expect(sectionOf(later.text, 'Modal state')).toBe('');
    expect(`${away.text}\n${later.text}`).not.toContain('alert');
  });

  it('refuses verify_element_visible with an empty accessible name', async () => {
    await home();
    const empty = await s.call('browser_verify_element_visible', { role: 'heading', accessibleName: '' });
    expect(empty.isError).toBe(true);
    expect(empty.text).toContain('accessibleName is empty, so any element of the role would pass');
  });
});

describe('evaluate errors say what the page threw', () => {
  it('the message and the page script\'s own stack lines, no injected or eval frames', async () => {
    await home();
    const thrown = await s.call('browser_evaluate', { function: '() => checkout()' });
    expect(thrown.isError).toBe(true);
    const error = sectionOf(thrown.text, 'Error');
    expect(error).toContain('The function threw: cart is empty.');
    expect(error).toMatch(/^ {2}at inner \(http:\/\/127\.0\.0\.1:\d+\/app\.js:2:\d+\)$/m);
    expect(error).toMatch(/^ {2}at checkout \(http:\/\/127\.0\.0\.1:\d+\/app\.js:1:\d+\)$/m);
    expect(error).not.toMatch(/UtilityScript|<anonymous>|eval at/);
  });

  it('a thrown non-Error, a syntax error and a reference error, without frames or "undefined"', async () => {
    await home();
    const nonError = await s.call('browser_evaluate', { function: '() => { throw undefined; }' });
    expect(sectionOf(nonError.text, 'Error')).toBe('The function threw undefined (not an Error). Fix the function and call browser_evaluate again.');
    const syntax = await s.call('browser_evaluate', { function: '() => {' });
    expect(sectionOf(syntax.text, 'Error')).toMatch(/^The function could not be read: SyntaxError: .+\. Fix the function/);
    const reference = await s.call('browser_evaluate', { function: '() => noSuchThing' });
    expect(sectionOf(reference.text, 'Error')).toContain('The function threw: ReferenceError: noSuchThing is not defined.');
    for (const result of [nonError, syntax, reference]) expect(stackFrames(result.text)).toEqual([]);
  });
});

describe('no answer quotes a 1 MB input', () => {
  const huge = 'x'.repeat(1024 * 1024);

  it('browser_type of 1 MB types it all and answers in a few lines', { timeout: 120_000 }, async () => {
    // Filling 1 MB takes a while on a busy machine: the action's own timeout is not what this test is about.
    const big = inProcessSession({ snapshotMode: 'diff', actionTimeoutMs: 60_000 });
    try {
      await big.call('browser_navigate', { url: `${site.origin}/` });
      const typed = await big.call('browser_type', { target: '#name', text: huge });
      expect(typed.isError, typed.text.slice(0, 500)).toBe(false);
      expect(typed.text.length).toBeLessThan(5000);
      expect(await big.session.currentTabOrUndefined()!.page.inputValue('#name')).toHaveLength(huge.length);
    } finally {
      await big.close();
    }
  });

  it('errors quoting a 1 MB target, URL or unknown property name stay short', async () => {
    await home();
    for (const [name, args] of [
      ['browser_click', { target: huge }],
      ['browser_navigate', { url: huge }],
      ['browser_snapshot', { [huge]: true }],
    ] as const) {
      const result = await s.call(name, args);
      expect(result.isError, name).toBe(true);
      expect(sectionOf(result.text, 'Error').length, name).toBeLessThan(800);
    }
  });
});
