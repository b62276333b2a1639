// Every remaining tool once, end to end over stdio, each checked by its effect on the page:
// typing, keys, selects, checkboxes, hover, drag, scroll, history, resize, the opt-in vision
// and pdf groups, and --snapshot-mode diff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, refOf, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';
import { pages } from './pages.js';

let site: PageServer;
let client: Client;
let outputDir: string;
let snapshot: string;

beforeAll(async () => {
  site = await servePages(pages);
  outputDir = tempDir('ariaref-tour-');
  client = await stdioClient(['--caps', 'vision,pdf', '--snapshot-mode', 'diff', '--output-dir', outputDir]);
  const nav = await call(client, 'browser_navigate', { url: `${site.origin}/widgets` });
  snapshot = sectionOf(nav.text, 'Snapshot');
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

describe('input and form tools', () => {
  it('types key by key, then reports only what changed (diff mode)', async () => {
    const typed = await call(client, 'browser_type', { element: 'Search', ref: refOf(snapshot, 'textbox', 'Search'), text: 'abc', slowly: true });
    expect(typed.isError, typed.text).toBe(false);
    const diff = sectionOf(typed.text, 'Snapshot');
    expect(diff).toContain('# diff:');
    expect(diff).toContain('last key c');
    expect(diff).not.toContain('Drop zone');
  });

  it('presses a key in the focused element', async () => {
    const pressed = await call(client, 'browser_press_key', { key: 'Backspace' });
    expect(pressed.isError, pressed.text).toBe(false);
    expect(sectionOf(pressed.text, 'Snapshot')).toContain('last key Backspace');
  });

  it('selects several options and unchecks a checkbox', async () => {
    const selected = await call(client, 'browser_select_option', { ref: refOf(snapshot, 'listbox', 'Colors'), values: ['Green', 'Blue'] });
    expect(selected.isError, selected.text).toBe(false);
    // The diff shows the new selection, so no "Selected ..." line restates it.
    expect(sectionOf(selected.text, 'Snapshot')).toMatch(/option "Green" \[selected\]/);
    expect(selected.text).not.toContain('### Result');
    const full = await call(client, 'browser_snapshot');
    expect(sectionOf(full.text, 'Snapshot')).toMatch(/option "Blue" \[selected\]/);
    const unchecked = await call(client, 'browser_uncheck', { ref: refOf(snapshot, 'checkbox', 'Agree') });
    expect(unchecked.isError, unchecked.text).toBe(false);
    const after = await call(client, 'browser_snapshot');
    expect(sectionOf(after.text, 'Snapshot')).toMatch(/checkbox "Agree"/);
    expect(sectionOf(after.text, 'Snapshot')).not.toMatch(/checkbox "Agree" \[checked\]/);
    const checked = await call(client, 'browser_check', { ref: refOf(snapshot, 'checkbox', 'Agree') });
    // Only the box changed, as the call asked: its code says it all, no diff or echo restates it.
    expect(checked.isError, checked.text).toBe(false);
    expect(sectionOf(checked.text, 'Ran Playwright code')).toContain('.check()');
    expect(checked.text).not.toContain('### Result');
    expect(checked.text).not.toContain('```yaml');
    expect(sectionOf((await call(client, 'browser_snapshot')).text, 'Snapshot')).toMatch(/checkbox "Agree" \[checked\]/);
  });

  it('hovers and drags', async () => {
    const hovered = await call(client, 'browser_hover', { ref: refOf(snapshot, 'button', 'Hover me') });
    expect(sectionOf(hovered.text, 'Snapshot')).toContain('button "Hovered"');
    const dragged = await call(client, 'browser_drag', { startRef: refOf(snapshot, 'button', 'Drag source'), endRef: refOf(snapshot, 'region', 'Drop zone') });
    expect(dragged.isError, dragged.text).toBe(false);
    expect(sectionOf(dragged.text, 'Snapshot')).toContain('region "Dropped"');
  });

  it('scrolls by offset and a ref into view', async () => {
    const down = await call(client, 'browser_scroll', { deltaY: 2000 });
    expect(down.isError, down.text).toBe(false);
    const y = await call(client, 'browser_evaluate', { function: '() => window.scrollY' });
    expect(Number(/### Result\n(\d+)/.exec(y.text)?.[1])).toBeGreaterThan(1000);
    await call(client, 'browser_evaluate', { function: '() => window.scrollTo(0, 0)' });
    const intoView = await call(client, 'browser_scroll', { ref: refOf(snapshot, 'button', 'Bottom') });
    expect(intoView.isError, intoView.text).toBe(false);
    const y2 = await call(client, 'browser_evaluate', { function: '() => window.scrollY' });
    expect(Number(/### Result\n(\d+)/.exec(y2.text)?.[1])).toBeGreaterThan(1000);
    const noTarget = await call(client, 'browser_scroll', {});
    expect(noTarget.isError).toBe(true);
    expect(noTarget.text).toContain('deltaY');
  });
});

describe('navigation and window', () => {
  it('goes back, forward and reloads', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/target` });
    const back = await call(client, 'browser_navigate_back');
    expect(sectionOf(back.text, 'Page')).toContain('/widgets');
    const forward = await call(client, 'browser_navigate_forward');
    expect(sectionOf(forward.text, 'Page')).toContain('Title: Target page');
    const reload = await call(client, 'browser_reload');
    expect(reload.isError, reload.text).toBe(false);
    expect(sectionOf(reload.text, 'Result')).toContain('Reloaded');
  });

  it('resizes the viewport', async () => {
    await call(client, 'browser_resize', { width: 500, height: 400 });
    const size = await call(client, 'browser_evaluate', { function: '() => innerWidth + "x" + innerHeight' });
    expect(size.text).toContain('"500x400"');
  });
});

describe('opt-in groups', () => {
  it('clicks at coordinates (vision)', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/widgets` });
    const box = await call(client, 'browser_evaluate', { function: '() => { const r = document.getElementById("hov").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }' });
    const [x, y] = JSON.parse(sectionOf(box.text, 'Result'));
    await call(client, 'browser_mouse_move_xy', { x, y });
    const full = await call(client, 'browser_snapshot');
    expect(sectionOf(full.text, 'Snapshot')).toContain('button "Hovered"');
    const wheel = await call(client, 'browser_mouse_wheel', { deltaY: 500 });
    expect(wheel.isError, wheel.text).toBe(false);
  });

  it('saves a PDF in the output directory (pdf)', async () => {
    const pdf = await call(client, 'browser_pdf_save', {});
    expect(pdf.isError, pdf.text).toBe(false);
    const path = /saved? the page as PDF to (\S+?)\.?$/im.exec(sectionOf(pdf.text, 'Result'))?.[1] ?? '';
    expect(path.startsWith(outputDir)).toBe(true);
    expect(existsSync(path) && statSync(path).size).toBeGreaterThan(500);
  });
});
