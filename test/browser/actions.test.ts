// Every action on a real page (Chromium, pages from 127.0.0.1), resolved through CSS selectors
// with the ActionTarget interface; errors must say what to do next.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { startHarness, type Harness } from './wait-harness.js';
import {
  click, hover, drag, press, type, fill, selectOption, check, uncheck, setFiles, scrollIntoView, scrollBy,
  parseChord, type ActionTarget,
} from '../../driver/actions/index.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

function css(page: Page): ActionTarget {
  return { page, resolve: async selector => ({ locator: page.locator(selector), frame: page.mainFrame() }) };
}

async function text(page: Page, selector = '#out'): Promise<string> {
  return page.evaluate(s => document.querySelector(s)!.textContent ?? '', selector);
}

describe('pointer', () => {
  test('click with button, click count and modifiers', async () => {
    const page = await h.open('/click', `<!doctype html><button id=b>Go</button><div id=out></div><script>
      const log = e => { out.textContent += e.type + (e.shiftKey ? '+shift' : '') + (e.ctrlKey ? '+ctrl' : '') + ' '; };
      b.addEventListener('click', log); b.addEventListener('dblclick', log); b.addEventListener('contextmenu', e => { e.preventDefault(); log(e); });
    </script>`);
    const report = await click(css(page), '#b', { modifiers: ['Shift', 'Control'] });
    expect(report.outcome).toBe('quiet');
    expect(await text(page)).toBe('click+shift+ctrl ');
    await page.evaluate(() => { document.getElementById('out')!.textContent = ''; });
    await click(css(page), '#b', { clickCount: 2 });
    expect(await text(page)).toContain('dblclick');
    await page.evaluate(() => { document.getElementById('out')!.textContent = ''; });
    await click(css(page), '#b', { button: 'right' });
    expect(await text(page)).toBe('contextmenu ');
    await page.close();
  });

  test('an unknown modifier is refused with the valid names', async () => {
    const page = await h.open('/click2', '<!doctype html><button id=b>Go</button>');
    await expect(click(css(page), '#b', { modifiers: ['Ctrl' as any] })).rejects.toThrow(/Alt, Control, ControlOrMeta, Meta or Shift/);
    await page.close();
  });

  test('hover', async () => {
    const page = await h.open('/hover', `<!doctype html><button id=b onmouseenter="out.textContent='hovered'">Menu</button><div id=out></div>`);
    await hover(css(page), '#b');
    expect(await text(page)).toBe('hovered');
    await page.close();
  });

  test('drag from one element onto another (HTML5 drag and drop)', async () => {
    const page = await h.open('/drag', `<!doctype html>
      <div id=card draggable=true style="width:80px;height:40px;background:#ccc">Card</div>
      <div id=zone style="width:200px;height:100px;margin-top:40px;background:#eee">Zone</div><div id=out></div><script>
      card.addEventListener('dragstart', e => e.dataTransfer.setData('text/plain', 'card'));
      zone.addEventListener('dragover', e => e.preventDefault());
      zone.addEventListener('drop', e => { e.preventDefault(); out.textContent = 'dropped ' + e.dataTransfer.getData('text/plain'); });
    </script>`);
    await drag(css(page), '#card', '#zone');
    expect(await text(page)).toBe('dropped card');
    await page.close();
  });

  test('a covered click names the covering element', async () => {
    const page = await h.open('/covered', `<!doctype html><button id=b>Buy</button>
      <div role=dialog aria-label="Cookie consent" style="position:fixed;inset:0;background:rgba(0,0,0,.3)"><button>Accept</button></div>`);
    const error = await click(css(page), '#b', { timeoutMs: 2500 }).then(() => undefined, e => e as Error);
    expect(error?.message).toMatch(/covered by .*Cookie consent/);
    expect(error?.message).toMatch(/Close or dismiss/);
    await page.close();
  });

  test('a hidden or disabled target gets an error that says so and what to do', async () => {
    const page = await h.open('/hidden', '<!doctype html><button id=h style="display:none">Hidden</button><button id=d disabled>Off</button>');
    await expect(click(css(page), '#h', { timeoutMs: 500 })).rejects.toThrow(/not visible.*new snapshot/);
    await expect(click(css(page), '#d', { timeoutMs: 500 })).rejects.toThrow(/disabled/);
    // A timeout that falls before Playwright logged why it waited: the element is asked once.
    await expect(click(css(page), '#h', { timeoutMs: 1 })).rejects.toThrow(/^#h is not visible.*new snapshot/);
    await expect(click(css(page), '#d', { timeoutMs: 1 })).rejects.toThrow(/^#d is disabled/);
    await expect(click(css(page), '#none', { timeoutMs: 1 })).rejects.toThrow(/^click on #none did not complete within 1 ms/);
    await page.close();
  });
});

describe('keyboard', () => {
  test('press a chord', async () => {
    const page = await h.open('/chord', `<!doctype html><input id=i><div id=out></div><script>
      i.addEventListener('keydown', e => { if (e.key.length === 1) out.textContent = (e.ctrlKey ? 'ctrl+' : '') + (e.shiftKey ? 'shift+' : '') + e.key; });
    </script>`);
    await press(css(page), 'Control+Shift+A', { ref: '#i' });
    expect(await text(page)).toBe('ctrl+shift+A');
    await page.close();
  });

  test('modifiers are released after a failing chord; the error names the bad key', async () => {
    const page = await h.open('/chord-fail', `<!doctype html><input id=i><div id=out></div><script>
      i.addEventListener('keydown', e => { if (e.key.length === 1) out.textContent = (e.ctrlKey ? 'ctrl+' : '') + (e.shiftKey ? 'shift+' : '') + e.key; });
    </script>`);
    await expect(press(css(page), 'Shift+NotAKey', { ref: '#i' })).rejects.toThrow(/Unknown key "NotAKey".*Enter, Tab, Escape/);
    await expect(press(css(page), 'Shift+Foo+A', { ref: '#i' })).rejects.toThrow(/not a modifier/);
    await press(css(page), 'b', { ref: '#i' });
    expect(await text(page)).toBe('b'); // no Shift left down
    expect(await page.inputValue('#i')).toBe('b');
    await page.close();
  });

  test('chord parsing: aliases, plus key, function keys', () => {
    expect(parseChord('ctrl+shift+a')).toEqual(['Control', 'Shift', 'a']);
    expect(parseChord('Control++')).toEqual(['Control', '+']);
    expect(parseChord('esc')).toEqual(['Escape']);
    expect(parseChord('cmd+f5')).toEqual(['Meta', 'F5']);
  });

  test('type key by key and submit', async () => {
    const page = await h.open('/type', `<!doctype html><form id=f><input id=q name=q value=old></form><div id=out></div><script>
      let keys = 0; q.addEventListener('keydown', () => keys++);
      f.onsubmit = e => { e.preventDefault(); out.textContent = q.value + ' keys=' + keys; };
    </script>`);
    await type(css(page), '#q', 'cats', { slowly: true, submit: true });
    // Old text replaced; one keydown per letter (fill would have sent none).
    expect(await text(page)).toMatch(/^cats keys=[5-9]$/);
    await page.close();
  });
});

describe('forms', () => {
  test('fill', async () => {
    const page = await h.open('/fill', `<!doctype html><input id=i oninput="out.textContent=this.value"><div id=out></div>`);
    await fill(css(page), '#i', 'hello');
    expect(await text(page)).toBe('hello');
    await page.close();
  });

  test('select by label and by value; a missing option lists the real ones', async () => {
    const page = await h.open('/select', `<!doctype html><select id=s onchange="out.textContent=this.value">
      <option value=de>Germany</option><option value=fr>France</option></select><div id=out></div>`);
    const byLabel = await selectOption(css(page), '#s', 'France', { by: 'label' });
    expect(byLabel.selected).toEqual(['fr']);
    expect(await text(page)).toBe('fr');
    await selectOption(css(page), '#s', ['de'], { by: 'value' });
    expect(await text(page)).toBe('de');
    await expect(selectOption(css(page), '#s', 'Spain', { timeoutMs: 500 })).rejects.toThrow(/no option "Spain".*"Germany", "France"/);
    await page.close();
  });

  test('check and uncheck', async () => {
    const page = await h.open('/check', '<!doctype html><label><input type=checkbox id=c> Agree</label>');
    await check(css(page), '#c');
    expect(await page.isChecked('#c')).toBe(true);
    await check(css(page), '#c'); // already checked: no-op
    expect(await page.isChecked('#c')).toBe(true);
    await uncheck(css(page), '#c');
    expect(await page.isChecked('#c')).toBe(false);
    await page.close();
  });
});

describe('files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ariaref-files-'));
  const file = join(dir, 'report.txt');
  writeFileSync(file, 'hello');

  test('set files on a file input', async () => {
    const page = await h.open('/file', `<!doctype html><input type=file id=f onchange="out.textContent=this.files[0].name"><div id=out></div>`);
    await setFiles(css(page), '#f', [file]);
    expect(await text(page)).toBe('report.txt');
    await page.close();
  });

  test('set files through the file chooser a button opens', async () => {
    const page = await h.open('/chooser', `<!doctype html><button id=up onclick="f.click()">Upload</button>
      <input type=file id=f style="display:none" onchange="out.textContent=this.files[0].name"><div id=out></div>`);
    await setFiles(css(page), '#up', [file]);
    expect(await text(page)).toBe('report.txt');
    await page.close();
  });

  test('a missing file is refused before anything happens', async () => {
    const page = await h.open('/file2', '<!doctype html><input type=file id=f>');
    await expect(setFiles(css(page), '#f', [join(dir, 'nope.txt')])).rejects.toThrow(/does not exist/);
    await page.close();
  });
});

describe('scroll', () => {
  const tall = `<!doctype html><div style="height:3000px">top</div><button id=far>Far</button><div style="height:3000px"></div>`;

  test('scroll an element into view', async () => {
    const page = await h.open('/scroll1', tall);
    await scrollIntoView(css(page), '#far');
    const top = await page.evaluate(() => document.getElementById('far')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(await page.evaluate(() => innerHeight));
    await page.close();
  });

  test('scroll the page by an offset', async () => {
    const page = await h.open('/scroll2', tall);
    const report = await scrollBy(css(page), 0, 600);
    expect(report.outcome).not.toBe('dialog');
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(100);
    await page.close();
  });
});

describe('through AriaPage', () => {
  test('AriaPage is an ActionTarget: click a snapshot ref and see the update in the next snapshot', async () => {
    const { AriaPage } = await import('../../driver/aria-page.js');
    const page = await h.open('/aria', `<!doctype html><button id=b>Load</button><p id=out>before</p><script>
      b.onclick = () => setTimeout(() => { out.textContent = 'loaded'; }, 300);
    </script>`);
    const aria = await AriaPage.attach(page);
    const target: ActionTarget = aria; // compile-time check of the contract
    const yaml = await aria.snapshot();
    const ref = /button "Load" \[ref=(\w+)\]/.exec(yaml)?.[1];
    expect(ref).toBeDefined();
    const report = await click(target, ref!);
    expect(report.outcome).toBe('quiet');
    expect(await aria.snapshot()).toContain('loaded');
    await page.close();
  });
});
