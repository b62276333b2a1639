// Server options that shape every response (Playwright MCP's meaning): --console-level picks the
// console messages an action reports, --snapshot-boxes adds boxes to every snapshot, and
// --timeout-settle caps the wait after each action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSession, refOf, sectionOf, servePages, tempDir, type InProcessSession, type PageServer } from './helpers.js';
import { settleOptions } from '../../driver/tools/groups/common.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

let site: PageServer;
const sessions: InProcessSession[] = [];
const open = (overrides: Parameters<typeof inProcessSession>[0] = {}, options: Parameters<typeof inProcessSession>[1] = {}) => { const s = inProcessSession(overrides, options); sessions.push(s); return s; };

beforeAll(async () => {
  site = await servePages({
    '/locked': (_req, res) => { res.writeHead(402, 'Payment Required', { 'content-type': 'text/html' }); res.end('<title>Locked</title><p>Pay up</p>'); },
    '/log': `<!doctype html><title>Log</title>
      <button onclick="console.info('info-line'); console.warn('warn-line'); console.error('error-line')">Log</button>`,
  });
});
afterAll(async () => { for (const s of sessions) await s.close(); await site?.close(); });

async function clickLog(s: InProcessSession): Promise<string> {
  const nav = await s.call('browser_navigate', { url: `${site.origin}/log` });
  const click = await s.call('browser_click', { target: refOf(nav.text, 'button', 'Log') });
  expect(click.isError, click.text).toBe(false);
  return sectionOf(click.text, 'Events');
}

describe('--console-level', () => {
  it('reports errors and warnings by default', async () => {
    const events = await clickLog(open());
    expect(events).toContain('error-line');
    expect(events).toContain('warn-line');
    expect(events).not.toContain('info-line');
  });

  it('reports down to the level asked for, and no lower', async () => {
    const info = await clickLog(open({ consoleLevel: 'info' }));
    expect(info).toMatch(/info-line[\s\S]*warn-line[\s\S]*error-line/);
    const error = await clickLog(open({ consoleLevel: 'error' }));
    expect(error).toContain('error-line');
    expect(error).not.toContain('warn-line');
  });
});

describe('--snapshot-boxes', () => {
  it('adds a box to every element of every snapshot, unless a call says boxes: false', async () => {
    const s = open({ snapshotBoxes: true });
    const nav = await s.call('browser_navigate', { url: `${site.origin}/log` });
    expect(sectionOf(nav.text, 'Snapshot')).toMatch(/button "Log" \[ref=e\d+\].*\[box=\d+,\d+,\d+,\d+\]/);
    const plain = await s.call('browser_snapshot', { boxes: false });
    expect(sectionOf(plain.text, 'Snapshot')).not.toContain('[box=');
    const off = await open().call('browser_navigate', { url: `${site.origin}/log` });
    expect(sectionOf(off.text, 'Snapshot')).not.toContain('[box=');
  });
});

describe('--timeout-settle', () => {
  it('becomes the settle cap of every action, and is left to the engine when unset', () => {
    expect(settleOptions(open({ settleTimeoutMs: 700 }).session).timeoutMs).toBe(700);
    expect(settleOptions(open().session)).not.toHaveProperty('timeoutMs');
  });
});

describe('--snapshot-mode file', () => {
  it('writes after-action snapshots to a linked file, and keeps asked-for snapshots inline', async () => {
    const s = open({ snapshotMode: 'file' });
    const nav = await s.call('browser_navigate', { url: `${site.origin}/log` });
    const link = /^- \[Snapshot\]\((.+\.yml)\)$/.exec(sectionOf(nav.text, 'Snapshot'));
    expect(link, nav.text).not.toBeNull();
    expect(readFileSync(link![1]!, 'utf8')).toMatch(/button "Log" \[ref=e\d+\]/);
    const explicit = await s.call('browser_snapshot');
    expect(sectionOf(explicit.text, 'Snapshot')).toMatch(/```yaml[\s\S]*button "Log"/);
  });
});

describe('output directory and --file-paths', () => {
  it('saves files without a path in .playwright-mcp of the first root, and shows them relative to it', async () => {
    const root = tempDir('ariaref-root-');
    const s = open({ outputDir: undefined }, { roots: [root] });
    await s.call('browser_navigate', { url: `${site.origin}/log` });
    const shot = await s.call('browser_take_screenshot');
    const link = /\[Screenshot of viewport\]\((\S+\.png)\)/.exec(shot.text);
    expect(link, shot.text).not.toBeNull();
    expect(link![1]).toMatch(/^\.playwright-mcp\/page-.*\.png$/);
    expect(existsSync(join(root, link![1]!))).toBe(true);
    expect(shot.text).not.toContain(root);
  });

  it('shows absolute paths with --file-paths absolute', async () => {
    const root = tempDir('ariaref-root-');
    const s = open({ outputDir: undefined, filePaths: 'absolute' }, { roots: [root] });
    await s.call('browser_navigate', { url: `${site.origin}/log` });
    const shot = await s.call('browser_take_screenshot');
    expect(shot.text).toContain(`](${join(root, '.playwright-mcp')}/page-`);
  });

  it('falls back to the temp directory when the workspace is the file system root', async () => {
    const s = open({ outputDir: undefined, filePaths: 'absolute' }, { roots: ['/'] });
    expect(await s.session.outputDir()).toBe(join(tmpdir(), '.playwright-mcp'));
  });
});

describe('the Page section, as Playwright MCP writes it', () => {
  it('shows URL and title, a non-2xx document status and console counts, and no routine wait lines', async () => {
    const s = open();
    const locked = await s.call('browser_navigate', { url: `${site.origin}/locked` });
    // (Chromium also logs the 402 as a console error, which the counts line then shows.)
    expect(sectionOf(locked.text, 'Page')).toMatch(new RegExp(`^- Page URL: ${site.origin}/locked\\n- Page Title: Locked\\n- HTTP status: 402 Payment Required(\\n- Console: \\d+ errors, 0 warnings)?$`));
    const nav = await s.call('browser_navigate', { url: `${site.origin}/log` });
    expect(sectionOf(nav.text, 'Page')).toBe(`- Page URL: ${site.origin}/log\n- Page Title: Log`);
    const clicked = await s.call('browser_click', { target: refOf(nav.text, 'button', 'Log') });
    const after = await s.call('browser_snapshot');
    // The counts show once, in the first answer after the messages arrived.
    const pages = [sectionOf(clicked.text, 'Page'), sectionOf(after.text, 'Page')];
    expect(pages.filter(page => page.includes('- Console: 1 errors, 1 warnings')), pages.join('\n--\n')).toHaveLength(1);
  });

  it('is said once: an answer that would repeat the last one\'s Page section for the same tab leaves it out', async () => {
    const s = open();
    const nav = await s.call('browser_navigate', { url: `${site.origin}/log` });
    expect(sectionOf(nav.text, 'Page')).toBe(`- Page URL: ${site.origin}/log\n- Page Title: Log`);
    const again = await s.call('browser_snapshot');
    expect(again.isError, again.text).toBe(false);
    expect(again.text).not.toContain('### Page');
    // A new tab is another page: its section shows, and so does the first one's on the way back.
    const opened = await s.call('browser_tabs', { action: 'new' });
    expect(sectionOf(opened.text, 'Page')).toContain('Page URL: about:blank');
    const back = await s.call('browser_tabs', { action: 'select', index: 0 });
    expect(sectionOf(back.text, 'Page')).toContain(`Page URL: ${site.origin}/log`);
  });

  it('refuses file: URLs in Playwright MCP\'s words, with the flag that allows them', async () => {
    const refused = await open().call('browser_navigate', { url: 'file:///etc/passwd' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Error: Access to "file:" protocol is blocked. Attempted URL: "file:///etc/passwd"');
    expect(refused.text).toContain('--allow-file-access');
  });
});

describe('--init-page that throws', () => {
  it('fails the first tool with the module\'s message, then lets the session go on', async () => {
    const dir = tempDir('ariaref-initpage-');
    const module = join(dir, 'broken.mjs');
    writeFileSync(module, "export default async () => { throw new Error('boom from initPage'); };");
    const s = open({ initPages: [module] });
    const first = await s.call('browser_snapshot');
    expect(first.isError).toBe(true);
    expect(first.text).toContain('boom from initPage');
    expect(first.text).toContain('--init-page');
    const again = await s.call('browser_navigate', { url: `${site.origin}/log` });
    expect(again.isError, again.text).toBe(false);
  });
});

describe('browser_wait_for input', () => {
  it('refuses empty text with what to pass, before waiting', async () => {
    const s = open();
    for (const args of [{ text: '' }, { text: [] }, { textGone: '' }]) {
      const result = await s.call('browser_wait_for', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.text).toContain('must be non-empty text');
    }
  });
});

describe('blocked navigations', () => {
  it('carry the browser\'s net::ERR_BLOCKED_BY_CLIENT and the flag that blocks them', async () => {
    const blocked = await open({ blockedOrigins: ['https://example.com'] }).call('browser_navigate', { url: 'https://example.com/' });
    expect(blocked.isError).toBe(true);
    expect(blocked.text).toMatch(/net::ERR_BLOCKED_BY_CLIENT.*--blocked-origins/);
  });
});
