// Native checkboxes and radios that design systems hide (clipped, 1px, opacity 0, off-screen) or
// draw their label over, acted on by ref as a person does: through the label's visible part, the
// control's state verified. Through the actions engine and through aria.ref() (what the fixture
// gives). "At once" is proven without timing: every action gets a 30 s timeout while each test has
// 20 s, so a path that waited for Playwright's actionability timeout cannot pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { click, check, uncheck, setChecked, selectOption, type AriaBrowser, type AriaPage } from '../../driver/index.js';
import { launchTestBrowser, refOf, startServer, type TestServer } from './driver-harness.js';

const SLOW = 30_000;
const TEST = 20_000;

// react-aria's VisuallyHidden, on the span that wraps the input.
const HIDDEN = 'border:0;clip:rect(0 0 0 0);clip-path:inset(50%);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;width:1px;white-space:nowrap';
const BOX = 'display:inline-block;width:16px;height:16px;border:2px solid #557;border-radius:3px';
const ROW = 'display:flex;align-items:center;gap:8px;margin:4px 0;cursor:pointer';

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The page counts every change event, so a double toggle or a missed one shows. */
const COUNT_CHANGES = `<script>window.changes = 0; document.addEventListener('change', () => { window.changes++; }, true);</script>`;

async function open(path: string, html: string): Promise<AriaPage> {
  server.route(path, `<!doctype html><body style="margin:16px">${html}${COUNT_CHANGES}</body>`);
  const page = await browser.newPage();
  await page.page.goto(server.origin + path);
  return page;
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(() => 'no error', (error: Error) => error.message);
}

const checked = (page: AriaPage, id: string) => page.page.evaluate(i => (document.getElementById(i) as HTMLInputElement).checked, id);
const changes = (page: AriaPage) => page.page.evaluate(() => (window as any).changes as number);

describe('a native control hidden inside its label is acted on through the label', () => {
  it('react-aria checkbox (VisuallyHidden input, visual box span): click toggles, check/uncheck set, each once', async () => {
    const page = await open('/rac-checkbox.html', `<main><h1>Preferences</h1>
      <label style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" id="comments"></span><span class="box" style="${BOX}"></span>Comments</label>
      <label style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" id="mentions"></span><span class="box" style="${BOX}"></span>Mentions</label></main>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Comments"');
    await click(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'comments')).toBe(true);
    await click(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'comments')).toBe(false);
    await check(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'comments')).toBe(true);
    await check(page, ref, { timeoutMs: SLOW }); // already checked: nothing is clicked
    expect(await checked(page, 'comments')).toBe(true);
    await uncheck(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'comments')).toBe(false);
    expect(await changes(page)).toBe(4);
    expect(await checked(page, 'mentions')).toBe(false);
    await page.page.close();
  }, TEST);

  it('through aria.ref() (the fixture\'s page.ref): click, check and setChecked', async () => {
    const page = await open('/rac-locator.html', `<label style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" id="c"></span><span style="${BOX}"></span>Comments</label>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Comments"');
    await page.ref(ref).click({ timeout: SLOW });
    expect(await checked(page, 'c')).toBe(true);
    await page.ref(ref).check({ timeout: SLOW });
    expect(await checked(page, 'c')).toBe(true);
    await page.ref(ref).setChecked(false, { timeout: SLOW });
    expect(await checked(page, 'c')).toBe(false);
    await page.ref(ref).uncheck({ timeout: SLOW });
    expect(await changes(page)).toBe(2);
    await page.page.close();
  }, TEST);

  it('react-aria radio group: whatever is at the 1px input\'s center, the label is clicked', async () => {
    const radio = (id: string, text: string) =>
      `<label style="${ROW}"><span style="${HIDDEN}"><input type="radio" name="contact" id="${id}"></span><span style="${BOX};border-radius:50%"></span>${text}</label>`;
    const page = await open('/rac-radio.html', `<main><div role="radiogroup" aria-label="Contact">
      ${radio('email', 'Email')}${radio('sms', 'SMS')}${radio('none', 'Do not contact')}</div></main>`);
    const snapshot = await page.snapshot();
    await click(page, refOf(snapshot, 'radio "Email"'), { timeoutMs: SLOW });
    expect(await checked(page, 'email')).toBe(true);
    // A click on the checked radio leaves it checked: no error.
    await click(page, refOf(snapshot, 'radio "Email"'), { timeoutMs: SLOW });
    await setChecked(page, refOf(snapshot, 'radio "SMS"'), true, { timeoutMs: SLOW });
    expect([await checked(page, 'email'), await checked(page, 'sms')]).toEqual([false, true]);
    await page.page.close();
  }, TEST);

  it('react-aria switch (input role=switch, track span in the label)', async () => {
    const page = await open('/rac-switch.html', `<label style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" role="switch" id="dark"></span>
      <span class="track" aria-hidden="true" style="display:inline-block;width:32px;height:18px;border-radius:9px;background:#99a"></span>Dark mode</label>`);
    const ref = refOf(await page.snapshot(), 'switch "Dark mode"');
    await click(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'dark')).toBe(true);
    await uncheck(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'dark')).toBe(false);
    await page.page.close();
  }, TEST);

  it('Bootstrap-style opacity:0 input behind its styled label[for]', async () => {
    const page = await open('/bootstrap.html', `<style>
        .custom { position: relative; padding-left: 24px; min-height: 24px; }
        .custom input { position: absolute; left: 0; z-index: -1; width: 16px; height: 20px; opacity: 0; }
        .custom label { position: relative; cursor: pointer; }
        .custom label::before { content: ''; position: absolute; left: -24px; top: 2px; width: 16px; height: 16px; border: 1px solid #888; }
      </style><div class="custom"><input type="checkbox" id="remember"><label for="remember">Remember me</label></div>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Remember me"');
    await check(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'remember')).toBe(true);
    expect(await changes(page)).toBe(1);
    await page.page.close();
  }, TEST);

  it('an opacity:0 input laid over its label is clicked itself', async () => {
    const page = await open('/chakra.html', `<label style="position:relative;display:inline-flex;gap:8px;align-items:center">
      <input type="checkbox" id="terms" style="position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer">
      <span style="${BOX}"></span>Accept terms</label>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Accept terms"');
    await click(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'terms')).toBe(true);
    expect(await changes(page)).toBe(1);
    await page.page.close();
  }, TEST);

  it('a visible input its own label is drawn over (not an error)', async () => {
    const page = await open('/under-label.html', `<input type="checkbox" id="alerts" style="width:20px;height:20px;margin:0">
      <label for="alerts" style="position:relative;left:-24px;padding:4px 4px 4px 28px;background:#eef">Alerts</label>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Alerts"');
    await click(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'alerts')).toBe(true);
    await page.page.close();
  }, TEST);

  it('label[for] pointing to an off-screen input', async () => {
    const page = await open('/offscreen.html', `<input type="checkbox" id="news" style="position:absolute;left:-9999px">
      <label for="news" style="${ROW}"><span style="${BOX}"></span>Newsletter</label>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Newsletter"');
    await click(page, ref, { timeoutMs: SLOW });
    expect(await checked(page, 'news')).toBe(true);
    await page.page.close();
  }, TEST);

  it('a label whose box is empty (display: contents): its first visible descendant is clicked', async () => {
    const page = await open('/contents.html', `<label style="display:contents"><span style="${HIDDEN}"><input type="checkbox" id="c"></span>
      <span style="${ROW}"><span style="${BOX}"></span>Compact</span></label>`);
    await click(page, refOf(await page.snapshot(), 'checkbox "Compact"'), { timeoutMs: SLOW });
    expect(await checked(page, 'c')).toBe(true);
    await page.page.close();
  }, TEST);

  it('aria-labelledby: the element it points at is clicked; when the page ignores that click, the state is said with the next step', async () => {
    const page = await open('/labelledby.html', `
      <div style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" id="wired" aria-labelledby="wired-label"></span>
        <span id="wired-label" onclick="document.getElementById('wired').click()">Sync contacts</span></div>
      <div style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" id="inert" aria-labelledby="inert-label"></span>
        <span id="inert-label">Share location</span></div>`);
    const snapshot = await page.snapshot();
    await click(page, refOf(snapshot, 'checkbox "Sync contacts"'), { timeoutMs: SLOW });
    expect(await checked(page, 'wired')).toBe(true);
    const inert = refOf(snapshot, 'checkbox "Share location"');
    const message = await errorOf(check(page, inert, { timeoutMs: SLOW }));
    expect(message).toMatch(new RegExp(`^Clicked the label of ${inert} \\(ref e\\d+\\) in its place, .* but ${inert} is still unchecked: the page did not change it\\. Take a new snapshot;`));
    expect(await errorOf(page.ref(inert).click({ timeout: SLOW }))).toContain(`but ${inert} is still unchecked`);
    expect(await checked(page, 'inert')).toBe(false);
    await page.page.close();
  }, TEST);

  it('a visually hidden native select is still selected by ref', async () => {
    const page = await open('/select.html', `<label>Country <span style="${HIDDEN}"><select id="country"><option>Chile</option><option>Peru</option></select></span><span>Chile ▾</span></label>`);
    const result = await selectOption(page, refOf(await page.snapshot(), 'combobox "Country'), 'Peru', { timeoutMs: SLOW });
    expect(result.selected).toEqual(['Peru']);
    expect(await page.page.evaluate(() => (document.getElementById('country') as HTMLSelectElement).value)).toBe('Peru');
    await page.page.close();
  }, TEST);
});

describe('what is refused, at once', () => {
  it('a control covered by an unrelated overlay keeps the covered message; nothing is clicked', async () => {
    const page = await open('/overlay.html', `<label style="${ROW}"><input type="checkbox" id="plain">Plain</label>
      <label style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" id="styled"></span><span style="${BOX}"></span>Styled</label>
      <div role="dialog" aria-label="Cookie consent" style="position:fixed;inset:0;background:#fff8"><p>We use cookies</p></div>`);
    const snapshot = await page.snapshot();
    for (const name of ['Plain', 'Styled']) {
      const ref = refOf(snapshot, `checkbox "${name}"`);
      const covered = (action: string) => new RegExp(`^Cannot ${action} ${ref}: it is covered by .*dialog "Cookie consent".* Close or dismiss that element first`);
      expect(await errorOf(click(page, ref, { timeoutMs: SLOW }))).toMatch(covered('click'));
      expect(await errorOf(check(page, ref, { timeoutMs: SLOW }))).toMatch(covered('check'));
      expect(await errorOf(page.ref(ref).click({ timeout: SLOW }))).toMatch(covered('click'));
    }
    expect([await checked(page, 'plain'), await checked(page, 'styled'), await changes(page)]).toEqual([false, false, 0]);
    await page.page.close();
  }, TEST);

  it('a disabled hidden checkbox is refused as disabled', async () => {
    const page = await open('/disabled.html', `<label style="${ROW}"><span style="${HIDDEN}"><input type="checkbox" id="c" disabled></span><span style="${BOX}"></span>Locked</label>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Locked"');
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW }))).toContain(`Ref ${ref} (checkbox "Locked") is disabled now (disabled attribute on input#c)`);
    expect(await errorOf(check(page, ref, { timeoutMs: SLOW }))).toContain('is disabled now');
    expect(await errorOf(page.ref(ref).check({ timeout: SLOW }))).toContain('is disabled now');
    expect(await checked(page, 'c')).toBe(false);
    await page.page.close();
  }, TEST);

  it('a hidden checkbox with no label says so and what to click instead', async () => {
    const page = await open('/unlabelled.html', `<span style="${HIDDEN}"><input type="checkbox" id="c" aria-label="Orphan"></span><span style="${BOX}"></span>`);
    const ref = refOf(await page.snapshot(), 'checkbox "Orphan"');
    expect(await errorOf(click(page, ref, { timeoutMs: SLOW })))
      .toBe(`Cannot click ${ref}: it is hidden from view (clipped) and has no visible label to click in its place. Click the element the page draws for it instead (its box, switch or text): find it in a new snapshot and act on its ref.`);
    expect(await checked(page, 'c')).toBe(false);
    await page.page.close();
  }, TEST);
});
