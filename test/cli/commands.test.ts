// The shell commands map their words onto the tools' parameters: each one checked by its effect
// on the page (or the file it writes), through the real binary and its daemon.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, servePages, type PageServer } from '../mcp/helpers.js';
import { shell, type Shell } from './helpers.js';

const FORM = `<title>Form</title><main>
  <label>Size <select id="size"><option>Small</option><option>Large</option></select></label>
  <label><input type="checkbox" id="agree"> Agree</label>
  <label>File <input type="file" id="file"></label>
  <label>Name <input id="name" onkeydown="window.keys = (window.keys || 0) + 1"></label>
  <button onclick="setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>Saved later</p>'), 50)">Save</button>
  <button onclick="window.answer = confirm('Really?')">Ask</button>
  <a href="/other.html" target="_blank">Other</a>
</main>`;

let server: PageServer;
let sh: Shell;
let page: string;

beforeAll(async () => {
  server = await servePages({ '/form.html': FORM, '/other.html': '<title>Other</title><h1>Other page</h1>' });
  sh = shell();
  writeFileSync(join(sh.cwd, 'upload.txt'), 'hello');
  writeFileSync(join(sh.cwd, 'local.html'), '<title>Local</title><h1>From disk</h1>');
  page = (await sh.run('open', `${server.origin}/form.html`)).stdout;
});

afterAll(async () => {
  await sh?.cleanup();
  await server?.close();
});

const value = async (js: string) => (await sh.run('eval', js)).stdout;

describe('ariaref commands', () => {
  it('select, check, uncheck, type key by key and fill', { timeout: 60_000 }, async () => {
    expect((await sh.run('select', refOf(page, 'combobox', 'Size'), 'Large')).code).toBe(0);
    expect(await value('document.getElementById("size").value')).toContain('"Large"');
    await sh.run('check', refOf(page, 'checkbox', 'Agree'));
    expect(await value('document.getElementById("agree").checked')).toContain('true');
    await sh.run('uncheck', refOf(page, 'checkbox', 'Agree'));
    expect(await value('document.getElementById("agree").checked')).toContain('false');
    await sh.run('type', refOf(page, 'textbox', 'Name'), 'abc');
    // Key by key: the page saw a keydown per character at least.
    const typed = /"abc",\s*(\d+)/.exec(await value('[document.getElementById("name").value, window.keys]'));
    expect(Number(typed?.[1])).toBeGreaterThanOrEqual(3);
    await sh.run('fill', refOf(page, 'textbox', 'Name'), 'xyz');
    expect(await value('document.getElementById("name").value')).toContain('"xyz"');
  });

  it('uploads a file given relative to the working directory', { timeout: 60_000 }, async () => {
    const upload = await sh.run('upload', refOf(page, 'button', 'File'), 'upload.txt');
    expect(upload.stderr).toBe('');
    expect(await value('document.getElementById("file").files[0]?.name')).toContain('"upload.txt"');
  });

  it('waits for text, evaluates on a ref, finds by role', { timeout: 60_000 }, async () => {
    await sh.run('click', refOf(page, 'button', 'Save'));
    const waited = await sh.run('wait', 'Saved later');
    expect(waited.code).toBe(0);
    await sh.run('eval', 'setTimeout(() => document.querySelector("p").remove(), 50)');
    const gone = await sh.run('wait', '--gone', 'Saved later');
    expect(gone.code).toBe(0);
    expect(await value('document.querySelector("p")')).toContain('null');
    const onRef = await sh.run('eval', 'element.textContent', '--ref', refOf(page, 'button', 'Ask'));
    expect(onRef.stdout).toContain('"Ask"');
    const found = await sh.run('find', '--role', 'button', '--name', 'sav');
    expect(found.stdout).toMatch(/button "Save" (\[active\] )?\[ref=e\d+\]/);
  });

  it('answers a dialog', { timeout: 60_000 }, async () => {
    const ask = await sh.run('click', refOf(page, 'button', 'Ask'));
    expect(ask.stdout).toMatch(/confirm/i);
    const answered = await sh.run('dialog', 'accept');
    expect(answered.code).toBe(0);
    expect(await value('window.answer')).toContain('true');
  });

  it('follows a new tab, lists and selects tabs', { timeout: 60_000 }, async () => {
    const opened = await sh.run('click', refOf(page, 'link', 'Other'));
    expect(opened.stdout).toContain('/other.html');
    const tabs = await sh.run('tabs');
    expect(tabs.stdout).toMatch(/- 1: \(current\)/);
    await sh.run('tabs', 'select', '0');
    expect(await value('document.title')).toContain('"Form"');
    await sh.run('tabs', 'close', '1');
    expect((await sh.run('tabs')).stdout).not.toContain('other.html');
  });

  it('saves a screenshot where it is told, opens a local file, goes back', { timeout: 60_000 }, async () => {
    const shot = await sh.run('screenshot', 'page.png');
    expect(shot.code).toBe(0);
    expect(readFileSync(join(sh.cwd, 'page.png')).subarray(1, 4).toString()).toBe('PNG');
    const local = await sh.run('open', 'local.html');
    expect(local.stdout).toContain('heading "From disk"');
    await sh.run('back');
    expect(await value('document.title')).toContain('"Form"');
    expect(existsSync(join(sh.cwd, 'missing.html'))).toBe(false);
    const missing = await sh.run('open', 'missing.html');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^"missing.html" is neither a URL nor an existing file/);
  });
});
