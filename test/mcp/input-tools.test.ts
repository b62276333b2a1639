// The raw keyboard (browser_keydown/keyup/press_sequentially), the vision mouse buttons
// (browser_mouse_down/up, click_xy's button/clickCount) and browser_drop, checked by what the
// page's own event handlers saw in real Chromium, plus the code each tool reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inProcessSession, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';
import { listedTools } from '../../driver/tools/index.js';
import { defaultConfig } from '../../driver/mcp/config.js';

const PAGE = `<!doctype html><title>Input</title>
  <input id="field" aria-label="Field">
  <div id="pad" style="position:absolute;left:0;top:100px;width:300px;height:150px;background:#eee">pad</div>
  <div id="zone" role="region" aria-label="Drop zone" style="position:absolute;left:0;top:300px;width:300px;height:100px;background:#cfc">Drop here</div>
  <button id="nodrop" style="position:absolute;left:0;top:450px">No drops</button>
  <script>
    window.log = [];
    addEventListener('keydown', e => log.push('keydown:' + e.key), true);
    addEventListener('keyup', e => log.push('keyup:' + e.key), true);
    field.addEventListener('input', () => log.push('input:' + field.value));
    field.addEventListener('keydown', e => { if (e.key === 'Enter') log.push('enter:' + field.value); });
    for (const type of ['mousedown', 'mouseup']) pad.addEventListener(type, e => log.push(type + ':' + e.button));
    pad.addEventListener('click', e => log.push('click:shift=' + e.shiftKey));
    pad.addEventListener('dblclick', () => log.push('dblclick'));
    pad.addEventListener('contextmenu', e => e.preventDefault());
    zone.addEventListener('dragover', e => e.preventDefault());
    zone.addEventListener('drop', async e => {
      e.preventDefault();
      const files = [...e.dataTransfer.files];
      const contents = await Promise.all(files.map(f => f.text()));
      window.dropped = { names: files.map(f => f.name), contents, text: e.dataTransfer.getData('text/plain'), uri: e.dataTransfer.getData('text/uri-list') };
    });
  </script>`;

let site: PageServer;
let s: InProcessSession;

const page = () => s.session.currentTabOrUndefined()!.page;
/** The page's event log since the last call, emptied. */
const takeLog = () => page().evaluate(() => (window as any).log.splice(0) as string[]);

beforeAll(async () => {
  site = await servePages({ '/input': PAGE });
  s = inProcessSession({ caps: ['vision', 'core-input'] });
}, 30_000);

afterAll(async () => {
  await s?.close();
  await site?.close();
});

async function open(): Promise<void> {
  const nav = await s.call('browser_navigate', { url: `${site.origin}/input` });
  expect(nav.isError, nav.text).toBe(false);
}

describe('tool lists', () => {
  it('lists browser_drop by default and keeps the keyboard tools skill-only', () => {
    const names = listedTools(defaultConfig()).map(t => t.name);
    expect(names).toContain('browser_drop');
    expect(names).not.toContain('browser_keydown');
    expect(names).not.toContain('browser_press_sequentially');
    const withInput = listedTools({ ...defaultConfig(), caps: ['core-input', 'vision'] }).map(t => t.name);
    expect(withInput).toEqual(expect.arrayContaining(['browser_keydown', 'browser_keyup', 'browser_press_sequentially', 'browser_mouse_down', 'browser_mouse_up']));
  });
});

describe('keyboard', () => {
  it('keydown/keyup reach the page, and a held Shift makes the next click a shift-click', async () => {
    await open();
    const down = await s.call('browser_keydown', { key: 'Shift' });
    expect(down.isError, down.text).toBe(false);
    expect(sectionOf(down.text, 'Ran Playwright code')).toContain("await page.keyboard.down('Shift');");
    expect(await takeLog()).toEqual(['keydown:Shift']);

    const click = await s.call('browser_mouse_click_xy', { x: 50, y: 150 });
    expect(click.isError, click.text).toBe(false);
    expect(await takeLog()).toContain('click:shift=true');

    const up = await s.call('browser_keyup', { key: 'Shift' });
    expect(sectionOf(up.text, 'Ran Playwright code')).toContain("await page.keyboard.up('Shift');");
    expect(await takeLog()).toEqual(['keyup:Shift']);
    await s.call('browser_mouse_click_xy', { x: 50, y: 150 });
    expect(await takeLog()).toContain('click:shift=false');
  });

  it('an unknown key fails with the names to use, and presses nothing', async () => {
    const bad = await s.call('browser_keydown', { key: 'Shfit' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('Unknown key "Shfit"');
    expect(bad.text).toContain('Shift');
    expect(await takeLog()).toEqual([]);
  });

  it('press_sequentially types character by character into the focused field, and submit presses Enter', async () => {
    await open();
    await page().focus('#field');
    const typed = await s.call('browser_press_sequentially', { text: 'abc', submit: true });
    expect(typed.isError, typed.text).toBe(false);
    expect(await page().inputValue('#field')).toBe('abc');
    const log = await takeLog();
    expect(log.filter(e => e.startsWith('input:'))).toEqual(['input:a', 'input:ab', 'input:abc']);
    expect(log.filter(e => e.startsWith('keydown:'))).toEqual(['keydown:a', 'keydown:b', 'keydown:c', 'keydown:Enter']);
    expect(log).toContain('enter:abc');
    expect(sectionOf(typed.text, 'Ran Playwright code')).toContain("await page.keyboard.type('abc');\nawait page.keyboard.press('Enter');");
    expect(typed.text).toContain('textbox "Field"');

    await s.call('browser_press_sequentially', { text: 'd' });
    expect(await takeLog()).not.toContain('keydown:Enter');
  });
});

describe('vision mouse buttons', () => {
  it('mouse_down/up at the mouse position send the requested button', async () => {
    await open();
    await s.call('browser_mouse_move_xy', { x: 60, y: 160 });
    const down = await s.call('browser_mouse_down', { button: 'right' });
    expect(down.isError, down.text).toBe(false);
    expect(sectionOf(down.text, 'Ran Playwright code')).toContain("await page.mouse.down({\n  button: 'right'\n});");
    expect(await takeLog()).toEqual(['mousedown:2']);
    const up = await s.call('browser_mouse_up', { button: 'right' });
    expect(sectionOf(up.text, 'Ran Playwright code')).toContain("await page.mouse.up({\n  button: 'right'\n});");
    expect(await takeLog()).toEqual(['mouseup:2']);

    await s.call('browser_mouse_down', {});
    await s.call('browser_mouse_up', {});
    expect(await takeLog()).toEqual(['mousedown:0', 'mouseup:0', 'click:shift=false']);
  });

  it('click_xy with clickCount 2 double-clicks, with the options in its code; bad counts are refused', async () => {
    const double = await s.call('browser_mouse_click_xy', { x: 40, y: 140, clickCount: 2 });
    expect(double.isError, double.text).toBe(false);
    expect(await takeLog()).toContain('dblclick');
    expect(sectionOf(double.text, 'Ran Playwright code')).toContain('await page.mouse.click(40, 140, {\n  clickCount: 2\n});');

    const middle = await s.call('browser_mouse_click_xy', { x: 40, y: 140, button: 'middle', delay: 10 });
    expect(await takeLog()).toEqual(['mousedown:1', 'mouseup:1']);
    expect(sectionOf(middle.text, 'Ran Playwright code')).toContain("{\n  button: 'middle',\n  delay: 10\n}");

    const bad = await s.call('browser_mouse_click_xy', { x: 40, y: 140, clickCount: 0 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('clickCount must be between 1 and 10, not 0.');
    expect(await takeLog()).toEqual([]);
  });
});

describe('browser_drop', () => {
  it('drops files (names and contents) and text data onto the zone', async () => {
    await open();
    const a = join(s.config.outputDir, 'notes.txt');
    const b = join(s.config.outputDir, 'data.csv');
    writeFileSync(a, 'hello notes');
    writeFileSync(b, 'x,y\n1,2');
    const dropped = await s.call('browser_drop', { target: '#zone', paths: [a, b], data: { 'text/plain': 'dragged text', 'text/uri-list': 'https://example.com/' } });
    expect(dropped.isError, dropped.text).toBe(false);
    await page().waitForFunction(() => (window as any).dropped);
    expect(await page().evaluate(() => (window as any).dropped)).toEqual({
      names: ['notes.txt', 'data.csv'], contents: ['hello notes', 'x,y\n1,2'], text: 'dragged text', uri: 'https://example.com/',
    });
    expect(dropped.text).toContain('Dropped 2 files');
    expect(sectionOf(dropped.text, 'Ran Playwright code')).toContain(`await page.locator('#zone').drop({ files: ['${a}', '${b}'], data: { 'text/plain': 'dragged text', 'text/uri-list': 'https://example.com/' } });`);
  });

  it('drops text data alone, by ref', async () => {
    await open();
    const snap = await s.call('browser_snapshot');
    const ref = /region "Drop zone" \[ref=(e\d+)\]/.exec(snap.text)![1];
    const dropped = await s.call('browser_drop', { target: ref, data: { 'text/plain': 'only text' } });
    expect(dropped.isError, dropped.text).toBe(false);
    await page().waitForFunction(() => (window as any).dropped);
    expect(await page().evaluate(() => (window as any).dropped)).toMatchObject({ names: [], text: 'only text' });
  });

  it('refuses nothing to drop, missing files, files outside allowed roots, and targets that reject drops', async () => {
    await open();
    const none = await s.call('browser_drop', { target: '#zone' });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('At least one of "paths" or "data" must be provided.');

    const missing = await s.call('browser_drop', { target: '#zone', paths: [join(s.config.outputDir, 'nope.txt')] });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('does not exist');

    const outside = await s.call('browser_drop', { target: '#zone', paths: ['/etc/hostname'] });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('--allow-file-access');

    const refused = await s.call('browser_drop', { target: '#nodrop', data: { 'text/plain': 'x' } });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('does not accept drops');
    expect(await page().evaluate(() => (window as any).dropped)).toBeUndefined();
  });
});
