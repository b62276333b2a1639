// Actions survive pages that replace built-ins Playwright's main-world script needs: click, type,
// select, check and hover on refs land on their element (read back over the DevTools protocol, since
// Playwright's evaluate is what such a page breaks), one replaced built-in at a time and all at
// once, in the page and in an iframe; a covered element is still named, a hidden one refused.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchTestBrowser, refOf, startServer, type TestServer } from './driver-harness.js';
import { click, hover, selectOption, setChecked, type, type AriaBrowser, type AriaPage } from '../../driver/index.js';
import { BUILTIN_REPLACEMENTS, sabotageScript } from '../support/hostile.js';

const controls = `<p id="out">none</p><button onclick="out.textContent = 'clicked'">Save</button>
<input aria-label="Email"><select aria-label="Size"><option>S</option><option>M</option></select>
<label><input type="checkbox" id="agree"> Agree</label><p id="hov">not hovered</p>
<button onmouseenter="hov.textContent = 'hovered'">Help</button>`;

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  BUILTIN_REPLACEMENTS.forEach((line, i) => server.route(`/one-${i}`, `<!doctype html>${controls}${sabotageScript([line])}`));
  server.route('/all', `<!doctype html>${controls}${sabotageScript(BUILTIN_REPLACEMENTS)}`);
  server.route('/framed', `<!doctype html><h1>Outer</h1><iframe src="/all" title="Inner"></iframe>${sabotageScript(BUILTIN_REPLACEMENTS)}`);
  // The click's work arrives after a quiet window would have ended: only a wait that tracks the timer sees it.
  server.route('/late', `<!doctype html><p id="out">none</p><button onclick="setTimeout(() => { out.textContent = 'late'; }, 400)">Later</button>${sabotageScript(BUILTIN_REPLACEMENTS)}`);
  server.route('/covered', `<!doctype html><button>Buy</button>
    <div role="dialog" aria-label="Cookie consent" style="position:fixed;inset:0;background:#fff8"><p>We use cookies</p></div>${sabotageScript(BUILTIN_REPLACEMENTS)}`);
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<AriaPage> {
  const page = await browser.newPage();
  await page.page.goto(`${server.origin}${path}`);
  return page;
}

/** The page's state read over the protocol, in the frame that holds the controls (or what `expression` reads). */
async function state(page: AriaPage, inFrame = false, expression?: string): Promise<string> {
  const session = await page.page.context().newCDPSession(page.page);
  try {
    const doc = inFrame ? 'document.querySelector("iframe").contentDocument' : 'document';
    const { result } = await session.send('Runtime.evaluate', {
      expression: expression ?? `(() => { const d = ${doc}; return d.getElementById('out').textContent + '|' + d.querySelector('input').value + '|' + d.querySelector('select').value + '|' + d.getElementById('agree').checked + '|' + d.getElementById('hov').textContent; })()`,
      returnByValue: true,
    });
    return result.value as string;
  } finally {
    await session.detach();
  }
}

async function actAll(page: AriaPage, snapshot: string): Promise<void> {
  await click(page, refOf(snapshot, 'button "Save"'), { timeoutMs: 5_000 });
  await type(page, refOf(snapshot, 'textbox "Email"'), 'a@b.c', { timeoutMs: 5_000 });
  await selectOption(page, refOf(snapshot, 'combobox "Size"'), 'M', { timeoutMs: 5_000 });
  await setChecked(page, refOf(snapshot, 'checkbox "Agree"'), true, { timeoutMs: 5_000 });
  await hover(page, refOf(snapshot, 'button "Help"'), { timeoutMs: 5_000 });
}

test('click, type, select and check work on a page that replaced any one of the built-ins', async () => {
  const indexes = BUILTIN_REPLACEMENTS.map((_, i) => i);
  // A few pages at a time: each is independent.
  for (let start = 0; start < indexes.length; start += 5) {
    await Promise.all(indexes.slice(start, start + 5).map(async i => {
      const page = await open(`/one-${i}`);
      try {
        await actAll(page, await page.snapshot());
        expect(await state(page), BUILTIN_REPLACEMENTS[i]).toBe('clicked|a@b.c|M|true|hovered');
      } finally {
        await page.page.close();
      }
    }));
  }
}, 60_000);

test('and on a page that replaced all of them, also inside an iframe that did too', async () => {
  const page = await open('/all');
  await expect(page.page.mainFrame().evaluate(() => 1)).rejects.toThrow(); // Playwright's own evaluate is broken here
  await actAll(page, await page.snapshot());
  expect(await state(page)).toBe('clicked|a@b.c|M|true|hovered');
  // Through the library's Locator too.
  const snapshot = await page.snapshot();
  await page.ref(refOf(snapshot, 'checkbox "Agree"')).uncheck({ timeout: 5_000 });
  expect(await state(page)).toBe('clicked|a@b.c|M|false|hovered');
  await page.page.close();

  const framed = await open('/framed');
  await actAll(framed, await framed.snapshot());
  expect(await state(framed, true)).toBe('clicked|a@b.c|M|true|hovered');
  await framed.page.close();
});

test('on such a page a covered element is named by what covers it', async () => {
  const page = await open('/covered');
  const snapshot = await page.snapshot();
  await expect(click(page, refOf(snapshot, 'button "Buy"'), { timeoutMs: 1_500 }))
    .rejects.toThrow(/^Cannot click e\d+: it is covered by .*dialog "Cookie consent"/);
  await page.page.close();
});

test('on such a page the wait after an action still tracks the work the action started', async () => {
  const page = await open('/late');
  try {
    const report = await click(page, refOf(await page.snapshot(), 'button "Later"'), { timeoutMs: 5_000 });
    // Answered only after the click's 400 ms timer changed the page, with nothing left pending.
    expect(await state(page, false, 'document.getElementById("out").textContent')).toBe('late');
    expect(report.outcome).toBe('quiet');
    expect(report.stillBusy).toBeUndefined();
  } finally {
    await page.page.close();
  }
});
