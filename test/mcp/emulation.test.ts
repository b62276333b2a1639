// browser_emulate_media (media features as the page's matchMedia sees them, null clearing an
// override, omitted features left alone) and browser_run_code_unsafe (a value back, a thrown error
// reported, off under --no-evaluate, a hanging script abandoned at the deadline), in real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inProcessSession, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';
import { listedTools } from '../../driver/tools/index.js';
import { defaultConfig } from '../../driver/mcp/config.js';

const PAGE = `<!doctype html><title>Media</title>
  <style>@media print { #screen-only { display: none } }</style>
  <p id="screen-only">Shown on screen</p>
  <button id="b" onclick="this.textContent = 'Clicked'">Press me</button>`;

let site: PageServer;
let s: InProcessSession;

const page = () => s.session.currentTabOrUndefined()!.page;

/** What the page's matchMedia says now. */
const media = () => page().evaluate(() => {
  const m = (q: string) => matchMedia(q).matches;
  return {
    dark: m('(prefers-color-scheme: dark)'), light: m('(prefers-color-scheme: light)'),
    reduce: m('(prefers-reduced-motion: reduce)'), forced: m('(forced-colors: active)'),
    more: m('(prefers-contrast: more)'), print: m('print'),
  };
});

beforeAll(async () => {
  site = await servePages({ '/media': PAGE });
  // A short navigation timeout is the run-code deadline: the hanging scripts below end in 2 s.
  s = inProcessSession({ navigationTimeoutMs: 2000 });
  const nav = await s.call('browser_navigate', { url: `${site.origin}/media` });
  expect(nav.isError, nav.text).toBe(false);
}, 30_000);

afterAll(async () => {
  await s?.close();
  await site?.close();
});

describe('browser_emulate_media', () => {
  it('is in the default tool list', () => {
    expect(listedTools(defaultConfig()).map(t => t.name)).toEqual(expect.arrayContaining(['browser_emulate_media', 'browser_run_code_unsafe']));
  });

  it('switches every feature the page can query, and reports the code', async () => {
    expect(await media()).toMatchObject({ dark: false, light: true, reduce: false, forced: false, more: false, print: false });
    const all = await s.call('browser_emulate_media', { colorScheme: 'dark', reducedMotion: 'reduce', forcedColors: 'active', contrast: 'more', media: 'print' });
    expect(all.isError, all.text).toBe(false);
    expect(await media()).toEqual({ dark: true, light: false, reduce: true, forced: true, more: true, print: true });
    expect(sectionOf(all.text, 'Ran Playwright code')).toContain("await page.emulateMedia({\n  colorScheme: 'dark',\n  contrast: 'more',\n  forcedColors: 'active',\n  media: 'print',\n  reducedMotion: 'reduce'\n});");
    expect(all.text).toContain('prefers-color-scheme: dark');
    // Print media hides the paragraph, and the snapshot after the action shows it.
    expect(await page().isVisible('#screen-only')).toBe(false);
    expect(all.text).not.toContain('Shown on screen');
  });

  it('leaves omitted features alone, and null clears one override', async () => {
    const screen = await s.call('browser_emulate_media', { media: 'screen', contrast: null });
    expect(screen.isError, screen.text).toBe(false);
    expect(await media()).toEqual({ dark: true, light: false, reduce: true, forced: true, more: false, print: false });
    expect(screen.text).toContain('Cleared the override of prefers-contrast');

    await s.call('browser_emulate_media', { colorScheme: null, reducedMotion: null, forcedColors: null, media: null });
    expect(await media()).toEqual({ dark: false, light: true, reduce: false, forced: false, more: false, print: false });
  });

  it('keeps the emulation across a reload', async () => {
    await s.call('browser_emulate_media', { colorScheme: 'dark' });
    await s.call('browser_reload');
    expect((await media()).dark).toBe(true);
    await s.call('browser_emulate_media', { colorScheme: null });
    expect((await media()).dark).toBe(false);
  });

  it('refuses a call with no feature, and values Playwright MCP does not allow', async () => {
    const none = await s.call('browser_emulate_media', {});
    expect(none.isError).toBe(true);
    expect(none.text).toContain('Specify at least one media feature');
    const bad = await s.call('browser_emulate_media', { colorScheme: 'no-preference' });
    expect(bad.isError).toBe(true);
    expect((await media()).light).toBe(true);
  });
});

describe('launch', () => {
  it('does not advertise automation: navigator.webdriver is false, as with Playwright MCP', async () => {
    expect(await page().evaluate(() => navigator.webdriver)).toBe(false);
  });
});

describe('browser_run_code_unsafe', () => {
  it('runs the function with the page and returns its result as JSON', async () => {
    const ran = await s.call('browser_run_code_unsafe', { code: "async (page) => { await page.click('#b'); return { title: await page.title(), text: await page.textContent('#b') }; }" });
    expect(ran.isError, ran.text).toBe(false);
    // The JSON bare in the Result, as Playwright MCP answers.
    expect(sectionOf(ran.text, 'Result')).toBe('{"title":"Media","text":"Clicked"}');
    expect(await page().textContent('#b')).toBe('Clicked');
    expect(sectionOf(ran.text, 'Ran Playwright code')).toContain("await (async (page) => { await page.click('#b');");
    expect(ran.text).toContain('button "Clicked"');
  });

  it('says so when nothing is returned, and loads code from a file', async () => {
    const nothing = await s.call('browser_run_code_unsafe', { code: '() => {}' });
    expect(nothing.isError, nothing.text).toBe(false);
    expect(nothing.text).toContain('it returned nothing');
    const file = join(s.config.outputDir, 'script.js');
    writeFileSync(file, 'async page => (await page.title()).toUpperCase()');
    const fromFile = await s.call('browser_run_code_unsafe', { filename: file });
    expect(fromFile.isError, fromFile.text).toBe(false);
    expect(fromFile.text).toContain('"MEDIA"');
  });

  it('reports a thrown error, bad code and missing code clearly', async () => {
    const thrown = await s.call('browser_run_code_unsafe', { code: "async () => { throw new TypeError('boom here'); }" });
    expect(thrown.isError).toBe(true);
    expect(thrown.text).toContain('The code threw: TypeError: boom here');
    const syntax = await s.call('browser_run_code_unsafe', { code: 'async (page) => {' });
    expect(syntax.isError).toBe(true);
    expect(syntax.text).toContain('does not parse');
    const notFn = await s.call('browser_run_code_unsafe', { code: '42' });
    expect(notFn.text).toContain('not a function');
    const none = await s.call('browser_run_code_unsafe', {});
    expect(none.isError).toBe(true);
    expect(none.text).toContain('Pass "code"');
  });

  it('abandons a script that never settles, or loops forever, at the deadline, and keeps working', async () => {
    const hang = await s.call('browser_run_code_unsafe', { code: '() => new Promise(() => {})' });
    expect(hang.isError).toBe(true);
    expect(hang.text).toContain('did not finish within 2 s and was abandoned');
    const loop = await s.call('browser_run_code_unsafe', { code: '() => { for (;;) {} }' });
    expect(loop.isError).toBe(true);
    expect(loop.text).toContain('did not finish within 2 s and was abandoned');
    const loopAfterAwait = await s.call('browser_run_code_unsafe', { code: 'async (page) => { await page.title(); for (;;) {} }' });
    expect(loopAfterAwait.isError).toBe(true);
    expect(loopAfterAwait.text).toContain('did not finish within 2 s and was abandoned (an endless loop?)');
    const after = await s.call('browser_run_code_unsafe', { code: 'async (page) => 1 + 1' });
    expect(after.isError, after.text).toBe(false);
    expect(after.text).toContain('\n2\n');
  });

  it('returns at once when the script opens a dialog, and the dialog can be answered', async () => {
    const ran = await s.call('browser_run_code_unsafe', { code: "async (page) => { await page.evaluate(() => alert('from the script')); return 1; }" });
    expect(ran.isError, ran.text).toBe(false);
    expect(ran.text).toContain('still running when the page opened a dialog');
    expect(ran.text).toContain('from the script');
    const answered = await s.call('browser_handle_dialog', { accept: true });
    expect(answered.isError, answered.text).toBe(false);
    expect(await page().title()).toBe('Media');
  });

  it('is absent under --no-evaluate, and calling it names the flag', async () => {
    const off = inProcessSession({ evaluate: false });
    try {
      expect(listedTools(off.config).map(t => t.name)).not.toContain('browser_run_code_unsafe');
      const refused = await off.call('browser_run_code_unsafe', { code: '() => 1' });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('--no-evaluate');
    } finally {
      await off.close();
    }
  });
});
