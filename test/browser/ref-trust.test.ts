// Refs you can trust through the library: `aria.ref(e).click()` and the actions engine act on the
// very element of the snapshot or fail at once with the cause. "At once" is proven without timing:
// every action gets a 30 s timeout while each test has 10 s, so only the fast path can pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { click, fill, hover, setChecked, selectOption, type AriaBrowser, type AriaPage } from '../../driver/index.js';
import { launchTestBrowser, refOf, startServer, type TestServer } from './driver-harness.js';

const SLOW = 30_000;
const TEST = 10_000;
const CLOCK = '\\d\\d:\\d\\d:\\d\\d';

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchTestBrowser();
  server.route('/other.html', '<!doctype html><h1>Other page</h1>');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, html: string): Promise<AriaPage> {
  server.route(path, `<!doctype html>${html}`);
  const page = await browser.newPage();
  await page.page.goto(server.origin + path);
  return page;
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(() => 'no error', (error: Error) => error.message);
}

const run = (page: AriaPage, js: string) => page.page.evaluate(js);

describe('each cause fails at once, with its own text, through aria.ref() and the actions', () => {
  it('no snapshot taken, and an unknown ref', async () => {
    const page = await open('/none.html', '<button>Save</button>');
    expect(await errorOf(page.ref('e1').click({ timeout: SLOW }))).toContain('No snapshot has been taken in this page yet, so ref e1 cannot be resolved');
    await page.snapshot();
    expect(await errorOf(page.ref('e99').click({ timeout: SLOW }))).toContain('Ref e99 not found in the current page snapshot');
    await page.page.close();
  }, TEST);

  it('a removed element: role, name and when; and after a later snapshot still', async () => {
    const page = await open('/removed.html', '<button id="b">Ephemeral</button><button>Stay</button>');
    const ref = refOf(await page.snapshot(), 'button "Ephemeral"');
    await run(page, 'document.getElementById("b").remove()');
    const removed = new RegExp(`^Ref ${ref} \\(button "Ephemeral"\\) no longer exists: it was removed after the snapshot of ${CLOCK}\\. Take a new snapshot\\.`);
    expect(await errorOf(page.ref(ref).click({ timeout: SLOW }))).toMatch(removed);
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW }))).toMatch(removed);
    // Waiting for it to be gone still works: a removed element matches nothing.
    await page.ref(ref).waitFor({ state: 'detached', timeout: SLOW });
    expect(await page.ref(ref).count()).toBe(0);
    expect(await page.ref(ref).isHidden()).toBe(true);
    await page.snapshot();
    expect(await errorOf(page.ref(ref).textContent({ timeout: SLOW }))).toMatch(removed);
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW }))).toMatch(removed);
    await page.page.close();
  }, TEST);

  it('a ref from the document before a navigation names both URLs', async () => {
    const page = await open('/before.html', '<button>Old</button>');
    const ref = refOf(await page.snapshot(), 'button "Old"');
    await page.page.goto(`${server.origin}/other.html`);
    const stale = `Ref ${ref} belonged to ${server.origin}/before.html before the page navigated to ${server.origin}/other.html`;
    expect(await errorOf(page.ref(ref).click({ timeout: SLOW }))).toContain(stale);
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW }))).toContain(stale);
    await page.page.close();
  }, TEST);

  it('a renamed element says what it was and what it is now, before and after a new snapshot', async () => {
    const page = await open('/renamed.html', '<button id="b" onclick="window.clicks = (window.clicks || 0) + 1">Save</button>');
    const ref = refOf(await page.snapshot(), 'button "Save"');
    await run(page, 'document.getElementById("b").textContent = "Saved"');
    expect(await errorOf(page.ref(ref).click({ timeout: SLOW }))).toContain(`Ref ${ref} was button "Save", is now button "Saved"`);
    const fresh = refOf(await page.snapshot(), 'button "Saved"');
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW }))).toContain(`Ref ${ref} was button "Save", is now button "Saved" [ref=${fresh}]`);
    expect(await run(page, 'window.clicks ?? 0')).toBe(0);
    // Reading a renamed element is fine: it is still that element.
    await click(page, fresh);
    expect(await run(page, 'window.clicks')).toBe(1);
    await page.page.close();
  }, TEST);

  it('an element replaced by an identical copy during the click: replaced while acting, and nothing clicked', async () => {
    const page = await open('/swap.html', `<p id="out">none</p>
      <button id="b" onclick="out.textContent = 'clicked'">Swap</button>
      <script>
        const arm = () => b.addEventListener('pointermove', () => { const copy = b.cloneNode(true); b.replaceWith(copy); window.b = copy; }, { once: true });
        window.rearm = () => { window.b = document.getElementById('b'); arm(); };
        arm();
      </script>`);
    let ref = refOf(await page.snapshot(), 'button "Swap"');
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW })))
      .toMatch(new RegExp(`^Ref ${ref} \\(button "Swap"\\) was replaced while acting: .*during the click`));
    ref = refOf(await page.snapshot(), 'button "Swap"');
    await run(page, 'rearm()');
    expect(await errorOf(page.ref(ref).click({ timeout: SLOW }))).toContain(`Ref ${ref} (button "Swap") was replaced while acting`);
    expect(await page.page.textContent('#out')).toBe('none');
    await page.page.close();
  }, TEST);

  it('hidden or disabled at action time: fails at once naming why', async () => {
    const page = await open('/wizard.html', `<div id="wizard-step-2"><button>Next</button></div>
      <fieldset id="f"><input aria-label="Code"></fieldset><button id="send">Send</button>
      <div class="panel quiet"><button id="later">Later</button></div>`);
    const snapshot = await page.snapshot();
    const next = refOf(snapshot, 'button "Next"');
    await run(page, `document.getElementById('wizard-step-2').style.display = 'none';
      document.getElementById('f').disabled = true; document.getElementById('send').disabled = true;
      document.querySelector('.panel').style.visibility = 'hidden'`);
    expect(await errorOf(click(page, next, { timeoutMs: SLOW })))
      .toContain(`Ref ${next} (button "Next") is not visible now (display: none on div#wizard-step-2)`);
    expect(await errorOf(page.ref(next).click({ timeout: SLOW }))).toContain('is not visible now (display: none on div#wizard-step-2)');
    expect(await errorOf(hover(page, next, { timeoutMs: SLOW }))).toContain('display: none on div#wizard-step-2');
    const later = refOf(snapshot, 'button "Later"');
    expect(await errorOf(click(page, later, { timeoutMs: SLOW }))).toContain('is not visible now (visibility: hidden on div.panel.quiet)');
    const send = refOf(snapshot, 'button "Send"');
    expect(await errorOf(click(page, send, { timeoutMs: SLOW }))).toContain(`Ref ${send} (button "Send") is disabled now (disabled attribute on button#send)`);
    const code = refOf(snapshot, 'textbox "Code"');
    expect(await errorOf(fill(page, code, 'x', { timeoutMs: SLOW }))).toContain('is disabled now (inside disabled fieldset#f)');
    expect(await errorOf(page.ref(code).fill('x', { timeout: SLOW }))).toContain('inside disabled fieldset#f');
    await page.page.close();
  }, TEST);

  it('covered by another element that stays on top: names it at once, and nothing is clicked', async () => {
    const page = await open('/covered.html', `<p id="out">none</p><button onclick="out.textContent = 'bought'">Buy</button>
      <div id="cookies" role="dialog" aria-label="Cookie consent" style="position:fixed;inset:0;background:#fff8"><p>We use cookies</p></div>`);
    const ref = refOf(await page.snapshot(), 'button "Buy"');
    const covered = new RegExp(`^Cannot click ${ref}: it is covered by .*dialog "Cookie consent"`);
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW }))).toMatch(covered);
    expect(await errorOf(page.ref(ref).click({ timeout: SLOW }))).toMatch(covered);
    expect(await page.page.textContent('#out')).toBe('none');
    // Once it is gone, the click lands.
    await run(page, 'cookies.remove()');
    await click(page, ref, { timeoutMs: SLOW });
    expect(await page.page.textContent('#out')).toBe('bought');
    await page.page.close();
  }, TEST);

  it('refs that hold act on their element: click, fill, check, select, through both surfaces', async () => {
    const page = await open('/ok.html', `<p id="out"></p><button onclick="out.textContent = 'hi'">Hi</button>
      <input aria-label="Name"><input type="checkbox" aria-label="Agree">
      <select aria-label="Size"><option>S</option><option>M</option></select>`);
    const snapshot = await page.snapshot();
    await click(page, refOf(snapshot, 'button "Hi"'));
    expect(await page.page.textContent('#out')).toBe('hi');
    await fill(page, refOf(snapshot, 'textbox "Name"'), 'Ada');
    await page.ref(refOf(snapshot, 'textbox "Name"')).press('End');
    await setChecked(page, refOf(snapshot, 'checkbox "Agree"'), true);
    await selectOption(page, refOf(snapshot, 'combobox "Size"'), 'M');
    expect(await run(page, `[document.querySelector('input').value, document.querySelector('[type=checkbox]').checked, document.querySelector('select').value].join()`))
      .toBe('Ada,true,M');
    await page.ref(refOf(snapshot, 'checkbox "Agree"')).uncheck();
    expect(await run(page, `document.querySelector('[type=checkbox]').checked`)).toBe(false);
    await page.page.close();
  }, TEST);
});
