// Files and code as Playwright MCP 0.0.83 shows them: screenshot formats and their file
// extensions, relative file names resolved against the workspace, the upload policy's wording,
// the code of evaluate (JavaScript in every language), file choosers, screenshots and
// browser_close, the --codegen default from PW_LANG_NAME, and download events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inProcessSession, refOf, sectionOf, servePages, tempDir, type InProcessSession, type PageServer } from './helpers.js';
import { checkFilePath } from '../../driver/tools/files.js';
import { defaultCodegenLanguage } from '../../driver/tools/config.js';
import { formatChanges } from '../../driver/tools/format/events.js';
import type { DownloadEvent, NetworkItem } from '../../driver/index.js';

let site: PageServer;
const sessions: InProcessSession[] = [];
const open = (overrides: Parameters<typeof inProcessSession>[0] = {}, options: Parameters<typeof inProcessSession>[1] = {}) => { const s = inProcessSession(overrides, options); sessions.push(s); return s; };
const code = (text: string) => sectionOf(text, 'Ran Playwright code');

beforeAll(async () => {
  site = await servePages({
    '/': '<title>Home</title><h1>Home</h1><label>File <input type="file"></label>',
  });
});
afterAll(async () => { for (const s of sessions) await s.close(); await site?.close(); });

describe('browser_take_screenshot formats', () => {
  it('saves jpeg as .jpeg and webp as real WebP, and the code names type and scale', async () => {
    const s = open();
    await s.call('browser_navigate', { url: site.origin });
    const jpeg = await s.call('browser_take_screenshot', { type: 'jpeg' });
    expect(jpeg.text).toMatch(/\[Screenshot of viewport\]\(\S+\/page-[\dT-]+Z\.jpeg\)/);
    expect(jpeg.images[0]?.mimeType).toBe('image/jpeg');
    expect(code(jpeg.text)).toContain("type: 'jpeg', quality: 90");

    const webp = await s.call('browser_take_screenshot', { type: 'webp', scale: 'device' });
    expect(webp.images[0]?.mimeType).toBe('image/webp');
    const path = /\[Screenshot of viewport\]\((\S+\.webp)\)/.exec(webp.text)![1]!;
    const bytes = readFileSync(path);
    expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WEBP']);
    expect(code(webp.text)).toContain("type: 'webp', scale: 'device'");
  });
});

describe('relative file names and the file policy', () => {
  it('resolves a relative screenshot or snapshot name against the workspace (the first root)', async () => {
    const root = tempDir('ariaref-root-');
    const s = open({ outputDir: undefined }, { roots: [root] });
    await s.call('browser_navigate', { url: site.origin });
    const shot = await s.call('browser_take_screenshot', { filename: 'shot.png' });
    expect(shot.text).toContain('[Screenshot of viewport](./shot.png)');
    expect(existsSync(join(root, 'shot.png'))).toBe(true);
    await s.call('browser_snapshot', { filename: 'page.yml' });
    expect(readFileSync(join(root, 'page.yml'), 'utf8')).toContain('heading "Home"');
  });

  it('allows the working directory when the client has no roots, and says which folders are allowed', () => {
    const cwd = tempDir('ariaref-cwd-');
    const out = join(cwd, '.playwright-mcp');
    const policy = { outputDir: out, roots: [cwd], allowAnywhere: false };
    expect(checkFilePath(policy, 'inside.txt', 'Upload')).toBe(join(cwd, 'inside.txt'));
    expect(() => checkFilePath(policy, '/etc/hostname', 'Upload'))
      .toThrow(`File access denied: /etc/hostname is outside allowed roots. Allowed roots: ${cwd}, ${out}.`);
  });

  it('answers an open file chooser with fileChooser.setFiles code', async () => {
    const root = tempDir('ariaref-root-');
    writeFileSync(join(root, 'a.txt'), 'a');
    const s = open({}, { roots: [root] });
    const nav = await s.call('browser_navigate', { url: site.origin });
    // Only the page's own click opens the chooser; the tool answers it.
    await s.call('browser_click', { target: refOf(nav.text, 'button', 'File') });
    const upload = await s.call('browser_file_upload', { paths: [join(root, 'a.txt')] });
    expect(upload.isError, upload.text).toBe(false);
    expect(code(upload.text)).toContain("await fileChooser.setFiles(['./a.txt']);");
  });
});

describe('generated code', () => {
  it('shows an evaluated expression as a function, in JavaScript whatever the --codegen language', async () => {
    const s = open();
    await s.call('browser_navigate', { url: site.origin });
    const expression = await s.call('browser_evaluate', { function: '(1+1)' });
    expect(sectionOf(expression.text, 'Result')).toBe('2');
    expect(code(expression.text)).toBe("```js\nawait page.evaluate('() => ((1+1))');\n```");

    const python = open({ codegen: 'python' });
    const nav = await python.call('browser_navigate', { url: site.origin });
    expect(code(nav.text)).toContain(`page.goto("${site.origin}")`);
    const title = await python.call('browser_evaluate', { function: '() => document.title' });
    expect(code(title.text)).toContain("await page.evaluate('() => document.title');");
  });

  it('closes the browser with `await page.close()`', async () => {
    const s = open();
    await s.call('browser_navigate', { url: site.origin });
    const closed = await s.call('browser_close');
    expect(code(closed.text)).toBe('```js\nawait page.close()\n```');
  });

  it('defaults --codegen to the language of the Playwright binding that started the server', () => {
    expect(defaultCodegenLanguage({ PW_LANG_NAME: 'python' })).toBe('python');
    expect(defaultCodegenLanguage({ PW_LANG_NAME: 'csharp' })).toBe('csharp');
    expect(defaultCodegenLanguage({ PW_LANG_NAME: 'javascript' })).toBe('typescript');
    expect(defaultCodegenLanguage({})).toBe('typescript');
  });
});

describe('download events', () => {
  const download = (state: DownloadEvent['state']): DownloadEvent => ({ id: 1, url: 'http://x/file', suggestedFilename: 'a.txt', path: '/out/a.txt', state, startTime: 0 });
  const aborted: NetworkItem = { id: 1, method: 'GET', url: 'http://x/file', resourceType: 'document', isDocument: true, state: 'failed', failure: 'net::ERR_ABORTED', startTime: 0 } as NetworkItem;
  const changes = (downloads: DownloadEvent[], failedRequests: NetworkItem[] = []) => ({ problems: [], failedRequests, downloads, dialogs: [], modalStates: [] });

  it('words start and finish as Playwright MCP does, telling the start once', () => {
    const event = download('saving');
    expect(formatChanges(changes([event]))).toEqual(['- Downloading file a.txt ...']);
    event.state = 'saved';
    expect(formatChanges(changes([event]))).toEqual(['- Downloaded file a.txt to "/out/a.txt"']);
    expect(formatChanges(changes([download('saved')]))).toEqual(['- Downloading file a.txt ...', '- Downloaded file a.txt to "/out/a.txt"']);
  });

  it('leaves out the aborted request of a navigation that became the download', () => {
    expect(formatChanges(changes([download('saving')], [aborted]))).toEqual(['- Downloading file a.txt ...']);
    expect(formatChanges(changes([], [aborted]))[0]).toContain('net::ERR_ABORTED');
  });
});
