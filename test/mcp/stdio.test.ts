// End to end over stdio: a real `ariaref mcp` process driven by the SDK's Client, against pages
// served on 127.0.0.1. One server process for the file; each test navigates where it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, refOf, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';
import { pages } from './pages.js';

let site: PageServer;
let client: Client;
let roots: string;
let outputDir: string;

beforeAll(async () => {
  site = await servePages(pages);
  roots = tempDir('ariaref-roots-');
  outputDir = tempDir('ariaref-out-');
  client = await stdioClient(['--output-dir', outputDir], { roots: [roots] });
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

describe('tool list', () => {
  it('declares every core tool with a title and all annotations, and no opt-in tools', async () => {
    const { tools } = await client.listTools();
    const names = tools.map(t => t.name);
    for (const name of ['browser_snapshot', 'browser_navigate', 'browser_click', 'browser_fill_form', 'browser_evaluate', 'browser_tabs', 'browser_take_screenshot'])
      expect(names).toContain(name);
    expect(names).not.toContain('browser_mouse_click_xy');
    expect(names).not.toContain('browser_pdf_save');
    for (const tool of tools) {
      expect(tool.annotations?.title, tool.name).toBeTruthy();
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.openWorldHint, tool.name).toBe('boolean');
    }
    const click = tools.find(t => t.name === 'browser_click')!;
    expect(click.inputSchema.required).toEqual(['target']);
    expect(Object.keys(click.inputSchema.properties ?? {})).toEqual(['element', 'target', 'doubleClick', 'button', 'modifiers']);
  });
});

describe('login form', () => {
  it('fills every kind of field with refs from the snapshot and submits', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/login` });
    expect(nav.isError).toBe(false);
    expect(sectionOf(nav.text, 'Page')).toContain('Title: Login');
    const snapshot = sectionOf(nav.text, 'Snapshot');
    const filled = await call(client, 'browser_fill_form', {
      fields: [
        { name: 'Username', type: 'textbox', ref: refOf(snapshot, 'textbox', 'Username'), value: 'alice' },
        { name: 'Password', type: 'textbox', ref: refOf(snapshot, 'textbox', 'Password'), value: 'secret1' },
        { name: 'Remember me', type: 'checkbox', ref: refOf(snapshot, 'checkbox', 'Remember me'), value: 'true' },
        { name: 'Plan', type: 'combobox', ref: refOf(snapshot, 'combobox', 'Plan'), value: 'Pro' },
      ],
    });
    expect(filled.isError, filled.text).toBe(false);
    // The diff shows every filled value, so no "Filled 4 fields" line restates it.
    expect(filled.text).not.toContain('### Result');
    expect(sectionOf(filled.text, 'Snapshot')).toMatch(/textbox "Username"[^\n]*: alice/);
    expect(sectionOf(filled.text, 'Snapshot')).toMatch(/checkbox "Remember me" \[checked\]/);
    const submitted = await call(client, 'browser_click', { element: 'Log in button', ref: refOf(snapshot, 'button', 'Log in') });
    expect(submitted.isError, submitted.text).toBe(false);
    expect(sectionOf(submitted.text, 'Snapshot')).toContain('heading "Welcome alice"');
    expect(submitted.text).toContain('plan Pro, remember yes, password 7 chars');
  });

  it('answers in the fixed section order', async () => {
    const result = await call(client, 'browser_snapshot');
    const order = ['### Result', '### Page', '### Snapshot'].map(title => result.text.indexOf(title)).filter(i => i >= 0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(result.text.indexOf('### Page')).toBeLessThan(result.text.indexOf('### Snapshot'));
  });
});

describe('refs in frames and shadow DOM', () => {
  it('clicks a button inside an iframe and one inside a shadow root by ref', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/frames` });
    const snapshot = sectionOf(nav.text, 'Snapshot');
    const frameRef = refOf(snapshot, 'button', 'Frame button');
    expect(frameRef).toMatch(/^f\d+e\d+$/);
    const inFrame = await call(client, 'browser_click', { ref: frameRef });
    expect(inFrame.isError, inFrame.text).toBe(false);
    expect(sectionOf(inFrame.text, 'Snapshot')).toContain('button "Frame clicked"');
    const shadow = await call(client, 'browser_click', { ref: refOf(sectionOf(inFrame.text, 'Snapshot'), 'button', 'Shadow button') });
    expect(shadow.isError, shadow.text).toBe(false);
    expect(sectionOf(shadow.text, 'Snapshot')).toContain('shadow clicked');
  });

  it('evaluates on an element inside a frame and gives back its ref with the frame prefix', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/frames` });
    const frameRef = refOf(sectionOf(nav.text, 'Snapshot'), 'button', 'Frame button');
    const result = await call(client, 'browser_evaluate', { ref: frameRef, function: '(el) => el' });
    expect(result.isError, result.text).toBe(false);
    expect(sectionOf(result.text, 'Result')).toContain(`[ref=${frameRef}]`);
  });
});

describe('stale refs', () => {
  it('refuses a ref whose element left the page, and says to take a new snapshot', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/stale` });
    const ref = refOf(sectionOf(nav.text, 'Snapshot'), 'button', 'Replace me');
    const first = await call(client, 'browser_click', { ref });
    expect(first.isError, first.text).toBe(false);
    const again = await call(client, 'browser_click', { ref });
    expect(again.isError).toBe(true);
    expect(sectionOf(again.text, 'Error')).toMatch(/snapshot/i);
    expect(sectionOf(again.text, 'Error')).toContain(ref);
  });
});

describe('dialogs', () => {
  it('reports an open dialog as modal state, blocks other tools, and answers it', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/dialog` });
    const click = await call(client, 'browser_click', { ref: refOf(sectionOf(nav.text, 'Snapshot'), 'button', 'Delete') });
    expect(click.isError, click.text).toBe(false);
    const modal = sectionOf(click.text, 'Modal state');
    expect(modal).toContain('Delete everything?');
    expect(modal).toContain('browser_handle_dialog');
    const blocked = await call(client, 'browser_snapshot');
    expect(blocked.isError).toBe(true);
    expect(blocked.text).toContain('browser_handle_dialog');
    const answered = await call(client, 'browser_handle_dialog', { accept: true });
    expect(answered.isError, answered.text).toBe(false);
    expect(sectionOf(answered.text, 'Modal state')).toBe('');
    expect(sectionOf(answered.text, 'Snapshot')).toContain('confirmed');
  });

  it('survives a page that opens dialogs forever, and closing its tab gets out', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/alert-loop` });
    await call(client, 'browser_click', { ref: refOf(sectionOf(nav.text, 'Snapshot'), 'button', 'Trap') });
    const answered = await call(client, 'browser_handle_dialog', { accept: true });
    expect(answered.isError, answered.text).toBe(false);
    expect(sectionOf(answered.text, 'Modal state')).toContain('"again"');
    expect(sectionOf(answered.text, 'Snapshot')).toMatch(/Snapshot skipped/);
    const closed = await call(client, 'browser_tabs', { action: 'close' });
    expect(closed.isError, closed.text).toBe(false);
    const fresh = await call(client, 'browser_navigate', { url: `${site.origin}/login` });
    expect(sectionOf(fresh.text, 'Snapshot')).toContain('textbox "Username"');
  });

  it('says so when no dialog is open', async () => {
    const result = await call(client, 'browser_handle_dialog', { accept: false });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('No dialog is open');
  });
});

describe('tabs', () => {
  it('reports a new tab opened by the page, lists tabs, and switches back', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/tabs` });
    const click = await call(client, 'browser_click', { ref: refOf(sectionOf(nav.text, 'Snapshot'), 'link', 'Open target') });
    expect(click.isError, click.text).toBe(false);
    expect(sectionOf(click.text, 'Events')).toMatch(/New tab opened/);
    const listed = await call(client, 'browser_tabs', { action: 'list' });
    expect(listed.text).toContain('Target page');
    expect(listed.text).toContain('Opener');
    const back = await call(client, 'browser_tabs', { action: 'select', index: 0 });
    expect(sectionOf(back.text, 'Page')).toContain('Title: Opener');
    expect(sectionOf(back.text, 'Result')).toMatch(/0: \(current\) \[Opener\]/);
    const closed = await call(client, 'browser_tabs', { action: 'close', index: 1 });
    expect(closed.isError, closed.text).toBe(false);
    expect(sectionOf(closed.text, 'Result')).toMatch(/^- 0: \(current\) \[Opener\]/);
    expect(sectionOf(closed.text, 'Result')).not.toContain('Target page');
  });
});

describe('downloads', () => {
  it('saves a download in the output directory and reports where', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/download` });
    const click = await call(client, 'browser_click', { ref: refOf(sectionOf(nav.text, 'Snapshot'), 'link', 'Get report') });
    expect(click.isError, click.text).toBe(false);
    // The save may finish after the click's response: then the next response reports it.
    const events = sectionOf(click.text, 'Events') + '\n' + sectionOf((await call(client, 'browser_wait_for', { time: 1 })).text, 'Events');
    expect(events).toContain('report.txt');
    expect(events).toContain(outputDir);
  });
});

describe('file upload', () => {
  it('answers the file chooser with a file inside the client roots', async () => {
    const file = join(roots, 'notes.txt');
    writeFileSync(file, 'hello');
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/upload` });
    const click = await call(client, 'browser_click', { ref: refOf(sectionOf(nav.text, 'Snapshot'), 'button', 'Attachment') });
    expect(click.isError, click.text).toBe(false);
    expect(sectionOf(click.text, 'Modal state')).toContain('browser_file_upload');
    const upload = await call(client, 'browser_file_upload', { paths: [file] });
    expect(upload.isError, upload.text).toBe(false);
    expect(sectionOf(upload.text, 'Snapshot')).toContain('chose notes.txt');
  });

  it('refuses a file outside the roots and the output directory', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/upload` });
    const ref = refOf(sectionOf(nav.text, 'Snapshot'), 'button', 'Attachment');
    const refused = await call(client, 'browser_file_upload', { ref, paths: ['/etc/hostname'] });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('outside allowed roots');
    expect(refused.text).toContain('--allow-file-access');
  });
});

describe('argument errors', () => {
  it('names the field and what was expected, without a protocol error', async () => {
    const wrongType = await call(client, 'browser_click', { ref: 5 });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.text).toContain('"ref"');
    expect(wrongType.text).toContain('expected string');
    const unknown = await call(client, 'browser_navigate', { url: `${site.origin}/login`, adress: 'x' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('"adress"');
    const badEnum = await call(client, 'browser_tabs', { action: 'open' });
    expect(badEnum.isError).toBe(true);
    expect(badEnum.text).toMatch(/expected one of "list"[\s\S]*→ at action/);
    const noTool = await call(client, 'browser_fly');
    expect(noTool.isError).toBe(true);
    expect(noTool.text).toContain('Tool "browser_fly" not found');
  });
});

describe('evaluate, wait and screenshot', () => {
  it('returns elements from browser_evaluate with refs', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/login` });
    const result = await call(client, 'browser_evaluate', { function: '() => document.querySelector("button")' });
    expect(result.isError, result.text).toBe(false);
    expect(sectionOf(result.text, 'Result')).toMatch(/<button> \[ref=e\d+\]/);
    const value = await call(client, 'browser_evaluate', { function: '() => document.title + "!"' });
    expect(sectionOf(value.text, 'Result')).toContain('"Login!"');
  });

  it('waits for any of several texts', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/late` });
    const result = await call(client, 'browser_wait_for', { text: ['Never shown', 'Ready now'] });
    expect(result.isError, result.text).toBe(false);
    expect(sectionOf(result.text, 'Result')).toContain('"Ready now" appeared');
  });

  it('caps the inline screenshot of a full tall page and saves the file', async () => {
    await call(client, 'browser_navigate', { url: `${site.origin}/tall` });
    const shot = await call(client, 'browser_take_screenshot', { fullPage: true });
    expect(shot.isError, shot.text).toBe(false);
    expect(shot.images).toHaveLength(1);
    const bytes = Buffer.from(shot.images[0].data, 'base64');
    expect(bytes.length).toBeLessThan(1_000_000);
    const png = shot.images[0].mimeType === 'image/png';
    const height = png ? bytes.readUInt32BE(20) : undefined;
    if (height !== undefined) expect(height).toBeLessThanOrEqual(1568);
    expect(sectionOf(shot.text, 'Result')).toContain(outputDir);
  });
});
