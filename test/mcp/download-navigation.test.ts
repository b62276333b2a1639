// Navigating to a URL that answers with a download (Content-Disposition: attachment) saves the
// file and says so, as Playwright MCP does; it is not an error, and the tab stays where it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { inProcessSession, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

let pages: PageServer;
let s: InProcessSession;

beforeAll(async () => {
  pages = await servePages({ '/start': '<h1>Start page</h1>', '/report.bin': 'quarterly numbers' });
  s = inProcessSession();
});

afterAll(async () => {
  await s?.close();
  await pages?.close();
  rmSync(s.config.outputDir, { recursive: true, force: true });
});

describe('browser_navigate to a download', () => {
  it('saves the file, reports it, and stays on the page it was on', async () => {
    await s.call('browser_navigate', { url: `${pages.origin}/start` });
    const result = await s.call('browser_navigate', { url: `${pages.origin}/report.bin` });
    expect(result.isError, result.text).toBe(false);
    expect(sectionOf(result.text, 'Result')).toMatch(/download/i);
    // Worded as Playwright MCP words it; the aborted navigation request is the download, not a failure.
    const events = sectionOf(result.text, 'Events');
    const saved = /Downloaded file report\.txt to "([^"]+)"/.exec(events) ?? /Downloading file report\.txt \.\.\./.exec(events);
    expect(saved, result.text).not.toBeNull();
    expect(events).not.toContain('ERR_ABORTED');
    await s.session.currentTabOrUndefined()!.collectors.downloads.settled();
    const path = s.session.currentTabOrUndefined()!.collectors.downloads.list()[0]!.path!;
    expect(existsSync(path) && readFileSync(path, 'utf8')).toBe('quarterly numbers');
    // Still on the start page: the page is as the last answer showed it (no Page section to
    // repeat), and the snapshot is the start page's.
    expect(s.session.currentTabOrUndefined()!.page.url()).toBe(`${pages.origin}/start`);
    expect(result.text).not.toContain('### Page');
    expect(sectionOf(result.text, 'Snapshot')).toContain('heading "Start page"');
  });
});
