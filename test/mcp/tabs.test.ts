// Tab indexes as agents taught on Playwright MCP expect them: the browser starts with one blank
// tab (index 0), "new" opens the next index, and new/select/close answer with the tab list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSession, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

let site: PageServer;
let s: InProcessSession;

beforeAll(async () => {
  site = await servePages({
    '/one': '<!doctype html><title>Tab one</title><p>Body one</p>',
    '/two': '<!doctype html><title>Tab two</title><p>Body two</p>',
  });
});
afterAll(async () => { await s?.close(); await site?.close(); });

describe('tab indexes', () => {
  it('starts with one blank tab, and numbers new tabs after it', async () => {
    s = inProcessSession();
    const initial = await s.call('browser_tabs', { action: 'list' });
    expect(sectionOf(initial.text, 'Result')).toBe('- 0: (current) [](about:blank)');

    const one = await s.call('browser_tabs', { action: 'new', url: `${site.origin}/one` });
    expect(one.isError, one.text).toBe(false);
    expect(sectionOf(one.text, 'Result')).toBe(`- 0: [](about:blank)\n- 1: (current) [Tab one](${site.origin}/one)`);
    expect(sectionOf(one.text, 'Snapshot')).toContain('Body one');

    await s.call('browser_tabs', { action: 'new' });
    const two = await s.call('browser_navigate', { url: `${site.origin}/two` });
    expect(sectionOf(two.text, 'Open tabs')).toContain(`- 2: (current) [Tab two](${site.origin}/two)`);

    const selected = await s.call('browser_tabs', { action: 'select', index: 1 });
    expect(sectionOf(selected.text, 'Result')).toBe(`- 0: [](about:blank)\n- 1: (current) [Tab one](${site.origin}/one)\n- 2: [Tab two](${site.origin}/two)`);
    expect(sectionOf(selected.text, 'Page')).toContain(`Page URL: ${site.origin}/one`);

    const closed = await s.call('browser_tabs', { action: 'close', index: 2 });
    expect(sectionOf(closed.text, 'Result')).toBe(`- 0: [](about:blank)\n- 1: (current) [Tab one](${site.origin}/one)`);
    // The page really is gone, not just unlisted.
    expect(s.session.tabs.map(tab => tab.page.url())).toEqual(['about:blank', `${site.origin}/one`]);
  });
});
