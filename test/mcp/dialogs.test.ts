// Modal states as Playwright MCP words them: the `### Modal state` line of an open dialog, the
// refusal of a tool that cannot answer it (with the states it could not get past), and a dialog
// closed behind our back (another CDP client, a person in a headed browser) no longer blocking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSession, refOf, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

let site: PageServer;
let s: InProcessSession;

beforeAll(async () => {
  site = await servePages({ '/': `<!doctype html><title>Dialogs</title><button onclick="alert('Alert')">Button</button>` });
  s = inProcessSession();
}, 30_000);

afterAll(async () => {
  await s?.close();
  await site?.close();
});

describe('modal states', () => {
  it('names an open dialog, refuses other tools, and forgets a dialog closed out of band', async () => {
    const nav = await s.call('browser_navigate', { url: site.origin });
    const page = s.session.currentTabOrUndefined()!.page;
    // Opened before the dialog: a CDP session cannot be created while one blocks the page.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.enable');

    const click = await s.call('browser_click', { target: refOf(nav.text, 'button', 'Button') });
    expect(sectionOf(click.text, 'Modal state')).toBe('- ["alert" dialog with message "Alert"]: can be handled by browser_handle_dialog');

    const refused = await s.call('browser_snapshot');
    expect(refused.isError).toBe(true);
    expect(sectionOf(refused.text, 'Error')).toBe('Error: Tool "browser_snapshot" does not handle the modal state.');
    expect(sectionOf(refused.text, 'Modal state')).toContain('["alert" dialog with message "Alert"]');

    const closed = page.waitForEvent('dialogclosed');
    await cdp.send('Page.handleJavaScriptDialog', { accept: true });
    await closed;
    const after = await s.call('browser_snapshot');
    expect(after.isError, after.text).toBe(false);
    expect(sectionOf(after.text, 'Modal state')).toBe('');
    expect(sectionOf(after.text, 'Snapshot')).toContain('button "Button"');
  }, 60_000);
});
