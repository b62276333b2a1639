// The registry used without MCP (as the CLI and fixtures use it): the browser starts lazily,
// and a crashed tab or a dead browser is replaced on the next call, which says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { defaultConfig } from '../../driver/mcp/config.js';
import { Session } from '../../driver/tools/session.js';
import { BrowserHost } from '../../driver/browser/host.js';
import { callTool } from '../../driver/tools/registry.js';
import { sectionOf, servePages, tempDir, type PageServer } from './helpers.js';
import { pages } from './pages.js';

let site: PageServer;
let host: BrowserHost;
let context: Session;

const text = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map(c => c.text ?? '').join('\n');

beforeAll(async () => {
  site = await servePages(pages);
  const config = { ...defaultConfig(), executablePath: '/usr/bin/chromium', outputDir: tempDir('ariaref-out-') };
  host = new BrowserHost(config);
  context = new Session(config, host);
});

afterAll(async () => {
  await context?.dispose();
  await host?.closeAll();
  await site?.close();
});

describe('lazy start and recovery', () => {
  it('starts the browser on the first tool that needs a page', async () => {
    expect(context.tabs).toHaveLength(0);
    const result = await callTool(context, 'browser_navigate', { url: `${site.origin}/login` });
    expect(result.isError, text(result)).toBeFalsy();
    expect(context.tabs).toHaveLength(1);
    expect(sectionOf(text(result), 'Snapshot')).toContain('textbox "Username"');
  });

  it('replaces a crashed tab and says so', async () => {
    const tab = await context.ensureTab();
    await Promise.all([tab.page.waitForEvent('crash'), tab.page.goto('chrome://crash').catch(() => {})]);
    const result = await callTool(context, 'browser_navigate', { url: `${site.origin}/target` });
    expect(result.isError, text(result)).toBeFalsy();
    // Told as Playwright MCP tells it: in Events, and in the new tab's console log file.
    const events = sectionOf(text(result), 'Events');
    expect(events).toContain('Page crashed and was reset to about:blank.');
    const log = /New console entries: (\S+?\.log)/.exec(events)?.[1];
    expect(log, events).toBeDefined();
    expect(readFileSync(log!, 'utf8')).toContain('[ERROR] Page crashed and was reset to about:blank.');
    expect(sectionOf(text(result), 'Page')).toContain('Title: Target page');
  });

  it('marks a crashed tab that is not the current one in the tab list', async () => {
    await callTool(context, 'browser_tabs', { action: 'new' });
    const other = context.tabs[1]!;
    await callTool(context, 'browser_tabs', { action: 'select', index: 0 });
    await Promise.all([other.page.waitForEvent('crash'), other.page.goto('chrome://crash').catch(() => {})]);
    const listed = await callTool(context, 'browser_tabs', { action: 'list' });
    expect(sectionOf(text(listed), 'Result')).toContain('- 1: [](about:blank) [crashed]');
    await callTool(context, 'browser_tabs', { action: 'close', index: 1 });
  });

  it('restarts a browser that went away and says so', async () => {
    const tab = await context.ensureTab();
    await tab.page.context().browser()!.close();
    const result = await callTool(context, 'browser_navigate', { url: `${site.origin}/login` });
    expect(result.isError, text(result)).toBeFalsy();
    expect(sectionOf(text(result), 'Page')).toMatch(/browser had closed or crashed; started a new one/);
    expect(sectionOf(text(result), 'Snapshot')).toContain('textbox "Username"');
  });

  it('closes the browser with browser_close and starts afresh afterwards', async () => {
    const closed = await callTool(context, 'browser_close', {});
    expect(text(closed)).toContain('Closed the browser');
    expect(text(closed)).not.toContain('### Page');
    expect(context.tabs).toHaveLength(0);
    const again = await callTool(context, 'browser_snapshot', {});
    expect(again.isError, text(again)).toBeFalsy();
    expect(sectionOf(text(again), 'Page')).toContain('about:blank');
  });
});

describe('leaving a blank tab', () => {
  it('skips the checks for a tab no tool used, and still finds a blank page whose script is stuck', async () => {
    const config = { ...defaultConfig(), executablePath: '/usr/bin/chromium', outputDir: tempDir('ariaref-out-') };
    const ownHost = new BrowserHost(config);
    const session = new Session(config, ownHost);
    try {
      // A new tab, then straight to a page: nothing ran in its blank document, nothing to report.
      const opened = await callTool(session, 'browser_tabs', { action: 'new' });
      expect(opened.isError, text(opened)).toBeFalsy();
      expect(session.currentTabOrUndefined()?.untouched).toBe(true);
      const first = await callTool(session, 'browser_navigate', { url: `${site.origin}/login` });
      expect(first.isError, text(first)).toBeFalsy();
      expect(text(first)).not.toContain('not responding');
      expect(sectionOf(text(first), 'Snapshot')).toContain('textbox "Username"');
      // A blank tab some code used is checked as any page: its stuck script gets it replaced.
      await callTool(session, 'browser_tabs', { action: 'new' });
      const stuck = await callTool(session, 'browser_run_code_unsafe', { code: `async (page) => { await page.setContent('<script>setTimeout(() => { for (;;) {} }, 50)</script>'); }` });
      expect(stuck.isError, text(stuck)).toBeFalsy();
      expect(session.currentTabOrUndefined()?.untouched).toBe(false);
      const away = await callTool(session, 'browser_navigate', { url: `${site.origin}/login` });
      expect(away.isError, text(away)).toBeFalsy();
      expect(sectionOf(text(away), 'Result')).toMatch(/not responding.*replaced by a fresh one/s);
      expect(sectionOf(text(away), 'Snapshot')).toContain('textbox "Username"');
    } finally {
      await session.dispose();
      await ownHost.closeAll();
    }
  }, 60_000);
});
