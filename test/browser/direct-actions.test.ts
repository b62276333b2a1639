// Actions on a ref that need none of Playwright's per-document setup: a click dispatched at the
// point the ref check aimed at, watched by the page's guard, and text inserted into a field the
// page selected and focused. Each falls back to Playwright's own action where it cannot be sure.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { refOfRole as refOf, startHarness, type Harness } from './wait-harness.js';
import { click, type, fill } from '../../driver/actions/index.js';
import { AriaPage } from '../../driver/aria-page.js';
import { CdpTarget } from '../../driver/page/cdp-session.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

/** The input spy of the test running now (one page at a time). */
let spied: { clicks: number; inserts: number } | undefined;
const protocolSend = CdpTarget.prototype.send;
// A plain click goes out over the page's own protocol session as one batch (page/cdp-input.ts): its first press is the click.
CdpTarget.prototype.send = function (this: CdpTarget, method: string, params: Record<string, unknown> = {}) {
  if (spied && method === 'Input.dispatchMouseEvent' && params.type === 'mousePressed' && params.clickCount === 1) spied.clicks++;
  return protocolSend.call(this, method, params);
} as typeof protocolSend;

/** Counts the page-level input the actions send (the direct paths do, Playwright's locators do not). */
function spyInput(page: Page): { clicks: number; inserts: number } {
  const seen = { clicks: 0, inserts: 0 };
  spied = seen;
  const mouseClick = page.mouse.click.bind(page.mouse);
  page.mouse.click = (...args: Parameters<typeof mouseClick>) => { seen.clicks++; return mouseClick(...args); };
  const insertText = page.keyboard.insertText.bind(page.keyboard);
  page.keyboard.insertText = (text: string) => { seen.inserts++; return insertText(text); };
  return seen;
}

const out = (page: Page) => page.evaluate(() => document.getElementById('out')!.textContent);

describe('a click on a ref', () => {
  test('on a file input, its label, or a button that clicks one, says the chooser is opening', async () => {
    const page = await h.open('/direct-file', `<!doctype html><input type=file id=f aria-label="Upload">
      <label>Attach <input type=file id=g></label><button id=b>Choose</button><button id=n>Nothing</button>
      <input type=file id=h hidden><script>b.onclick = () => h.click();</script>`);
    const aria = await AriaPage.attach(page);
    // Playwright answers the choosers the clicks open, so none stays up between the clicks.
    page.on('filechooser', chooser => { chooser.setFiles([]).catch(() => {}); });
    const yaml = await aria.snapshot();
    for (const [role, name] of [['button', 'Upload'], ['button', 'Attach'], ['button', 'Choose']] as const)
      { const r = await click(aria, refOf(yaml, role, name)); expect(r.fileChooserOpening, name + JSON.stringify(r)).toBe(true); }
    expect((await click(aria, refOf(yaml, 'button', 'Nothing'))).fileChooserOpening).toBeUndefined();
    await page.close();
  });

  test('is dispatched at the element, with its button, click count and modifiers', async () => {
    const page = await h.open('/direct-click', `<!doctype html><div style="height:1500px"></div><button id=b>Go</button><div id=out></div><script>
      const log = e => { out.textContent += e.type + (e.shiftKey ? '+shift' : '') + (e.ctrlKey ? '+ctrl' : '') + ' '; };
      b.addEventListener('click', log); b.addEventListener('dblclick', log); b.addEventListener('contextmenu', e => { e.preventDefault(); log(e); });
    </script>`);
    const aria = await AriaPage.attach(page);
    const seen = spyInput(page);
    const ref = refOf(await aria.snapshot(), 'button', 'Go');
    await click(aria, ref, { modifiers: ['Shift', 'Control'] });
    expect(await out(page)).toBe('click+shift+ctrl ');
    expect(seen.clicks).toBe(1);
    // The modifiers were released: a plain click after it carries none.
    await page.evaluate(() => { document.getElementById('out')!.textContent = ''; });
    await click(aria, ref);
    expect(await out(page)).toBe('click ');
    await page.evaluate(() => { document.getElementById('out')!.textContent = ''; });
    await click(aria, ref, { clickCount: 2 });
    expect(await out(page)).toBe('click click dblclick ');
    await page.evaluate(() => { document.getElementById('out')!.textContent = ''; });
    await click(aria, ref, { button: 'right' });
    expect(await out(page)).toBe('contextmenu ');
    expect(seen.clicks).toBe(4);
    await page.close();
  });

  test('that something drawn on hover would take is stopped by the guard, and lands on the element once it is gone', async () => {
    // Hovering the button shows, once, a panel over it for 300 ms: a click at the aimed point
    // would land on the panel. The guard stops that click; Playwright's own click then waits.
    const page = await h.open('/direct-guard', `<!doctype html><style>
      #panel { position: fixed; left: 0; top: 0; width: 300px; height: 200px; background: #eee; display: none }
    </style><button id=b style="margin:40px">Save</button><div id=panel>Promo</div><div id=out></div><script>
      let shown = false;
      b.addEventListener('pointerover', () => {
        if (shown) return;
        shown = true;
        panel.style.display = 'block';
        setTimeout(() => { panel.style.display = 'none'; }, 300);
      });
      for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click'])
        panel.addEventListener(type, () => { out.textContent += 'panel-' + type + ' '; });
      b.addEventListener('click', () => { out.textContent += 'saved '; });
    </script>`);
    const aria = await AriaPage.attach(page);
    const seen = spyInput(page);
    await click(aria, refOf(await aria.snapshot(), 'button', 'Save'));
    expect(seen.clicks).toBe(1);
    expect(await out(page)).toBe('saved ');
    await page.close();
  });

  test('that opens a menu on pointerdown, with a backdrop over the trigger, leaves the menu open', async () => {
    // React Aria and MUI open on pointerdown or mousedown and put a backdrop over the page; the
    // rest of the click lands on it. Only the click's first event is judged, as Playwright does.
    const page = await h.open('/direct-menu', `<!doctype html><style>
      #backdrop { position: fixed; inset: 0; display: none } #menu { position: fixed; top: 60px; left: 10px; display: none }
    </style><button id=b>Actions</button><div id=backdrop></div><ul id=menu role=menu><li role=menuitem>Duplicate</li></ul><script>
      b.addEventListener('pointerdown', () => { backdrop.style.display = 'block'; menu.style.display = 'block'; });
      // Like MUI's backdrop: a click on it closes the menu.
      backdrop.addEventListener('click', () => { backdrop.style.display = 'none'; menu.style.display = 'none'; });
    </script>`);
    const aria = await AriaPage.attach(page);
    const seen = spyInput(page);
    await click(aria, refOf(await aria.snapshot(), 'button', 'Actions'));
    expect(await aria.snapshot()).toContain('menuitem "Duplicate"');
    expect(seen.clicks).toBe(1);
    await page.close();
  });

  test('in a child frame is clicked through Playwright', async () => {
    h.route('/direct-inner', `<!doctype html><button id=b onclick="document.body.append('inner clicked')">Inner</button>`);
    const page = await h.open('/direct-outer', `<!doctype html><iframe src="/direct-inner" width=300 height=100></iframe>`);
    const aria = await AriaPage.attach(page);
    const seen = spyInput(page);
    const ref = refOf(await aria.snapshot(), 'button', 'Inner');
    expect(ref).toMatch(/^f\d+e\d+$/);
    await click(aria, ref);
    expect(await page.frames()[1]!.evaluate(() => document.body.textContent)).toContain('inner clicked');
    expect(seen.clicks).toBe(0);
    await page.close();
  });

  test('whose handler never returns fails within the action timeout, saying the page is busy', async () => {
    const page = await h.open('/direct-busy', `<!doctype html><button id=b>Spin</button><script>
      b.onclick = () => { const end = Date.now() + 2500; while (Date.now() < end) {} };
    </script>`);
    const aria = await AriaPage.attach(page);
    const ref = refOf(await aria.snapshot(), 'button', 'Spin');
    // Only a click still held by the handler when the timeout passed gets this error.
    await expect(click(aria, ref, { timeoutMs: 500 })).rejects.toThrow(/click on e\d+ did not complete within 500 ms: the page was still handling it \(its script is busy\)\. Take a new snapshot/);
    await page.close();
  });
});

describe('text typed into a ref', () => {
  test('replaces the text of an input, a textarea and a contenteditable element', async () => {
    const page = await h.open('/direct-type', `<!doctype html>
      <label>Name <input id=name value="old name"></label>
      <label>Notes <textarea id=notes>old notes</textarea></label>
      <div role=textbox aria-label="Bio" contenteditable id=bio>old <b>bio</b></div><div id=out></div><script>
      for (const id of ['name', 'notes', 'bio']) document.getElementById(id).addEventListener('input', e => { out.textContent += id + ':' + e.inputType + ' '; });
    </script>`);
    const aria = await AriaPage.attach(page);
    const seen = spyInput(page);
    const yaml = await aria.snapshot();
    await type(aria, refOf(yaml, 'textbox', 'Name'), 'Ada');
    await type(aria, refOf(yaml, 'textbox', 'Notes'), 'line one');
    await fill(aria, refOf(yaml, 'textbox', 'Bio'), 'new bio');
    expect(seen.inserts).toBe(3);
    expect(await page.evaluate(() => [
      (document.getElementById('name') as HTMLInputElement).value,
      (document.getElementById('notes') as HTMLTextAreaElement).value,
      document.getElementById('bio')!.textContent,
    ])).toEqual(['Ada', 'line one', 'new bio']);
    expect(await out(page)).toBe('name:insertText notes:insertText bio:insertText ');
    await page.close();
  });

  test('waits for the work that focusing the field set off, as for the typing itself', async () => {
    // The check selects and focuses the field after it opened the action's activity mark: the
    // focus handler's 400 ms timer is the action's work, and the settle waits for it.
    const page = await h.open('/direct-focus-work', `<!doctype html><label>City <input id=city></label><p id=out></p><script>
      city.addEventListener('focus', () => setTimeout(() => { out.textContent = 'suggestions loaded'; }, 400));
    </script>`);
    const aria = await AriaPage.attach(page);
    const report = await type(aria, refOf(await aria.snapshot(), 'textbox', 'City'), 'Oslo');
    expect(report.outcome).toBe('quiet');
    expect(await out(page)).toBe('suggestions loaded');
    await page.close();
  });

  test('key by key with slowly, with Enter after it with submit, and emptied by empty text', async () => {
    const page = await h.open('/direct-keys', `<!doctype html><form id=f><label>Search <input id=q value="old"></label></form><div id=out></div><script>
      q.addEventListener('keydown', e => { out.textContent += e.key + ' '; });
      f.addEventListener('submit', e => { e.preventDefault(); out.textContent += 'submitted:' + q.value; });
    </script>`);
    const aria = await AriaPage.attach(page);
    const ref = refOf(await aria.snapshot(), 'textbox', 'Search');
    await type(aria, ref, 'ab', { slowly: true, submit: true });
    expect(await out(page)).toBe('Delete a b Enter submitted:ab');
    await type(aria, ref, '');
    expect(await page.evaluate(() => (document.getElementById('q') as HTMLInputElement).value)).toBe('');
    await page.close();
  });

  test('a read-only field and a number field given words get Playwright\'s checks and errors', async () => {
    const page = await h.open('/direct-special', `<!doctype html>
      <label>Code <input id=code readonly value="X1"></label>
      <label>Count <input id=count type=number value="2"></label>
      <label>Day <input id=day type=date></label>`);
    const aria = await AriaPage.attach(page);
    const seen = spyInput(page);
    const yaml = await aria.snapshot();
    await expect(type(aria, refOf(yaml, 'textbox', 'Code'), 'Y2', { timeoutMs: 1000 })).rejects.toThrow(/read-only/);
    await expect(type(aria, refOf(yaml, 'spinbutton', 'Count'), 'many', { timeoutMs: 1000 })).rejects.toThrow(/number/);
    await fill(aria, refOf(yaml, 'textbox', 'Day'), '2026-12-07');
    expect(await page.evaluate(() => (document.getElementById('day') as HTMLInputElement).value)).toBe('2026-12-07');
    expect(seen.inserts).toBe(0);
    await page.close();
  });
});
