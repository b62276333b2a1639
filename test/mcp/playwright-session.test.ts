// A session written only in Playwright MCP 0.0.83's terms (its command line, tool names, parameter
// names and values), run unchanged against ariaref: each step is checked by its effect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, refOf, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

let site: PageServer;
let client: Client;
let workspace: string;
const submissions: string[] = [];

beforeAll(async () => {
  site = await servePages({
    '/login': `<!doctype html><title>Sign in</title><h1>Sign in</h1>
      <form id="f"><label>Email <input name="email" type="email"></label>
      <label>Password <input name="password" type="password"></label>
      <label><input type="checkbox" name="remember"> Remember me</label>
      <button type="submit">Sign in</button></form>
      <script>document.getElementById('f').addEventListener('submit', async e => {
        e.preventDefault();
        const body = new URLSearchParams(new FormData(e.target));
        const r = await fetch('/api/session', { method: 'POST', body });
        document.cookie = 'sid=' + (await r.text());
        console.info('signed in');
        document.body.innerHTML = '<h1>Welcome back</h1><a href="/account">Account</a>';
      });</script>`,
    '/api/session': (req, res) => {
      let body = '';
      req.on('data', chunk => { body += chunk; });
      req.on('end', () => { submissions.push(body); res.end('abc123'); });
    },
    '/account': '<!doctype html><title>Account</title><p>Your account</p>',
  });
  workspace = tempDir('ariaref-pw-session-');
  const config = join(workspace, 'playwright-mcp.json');
  writeFileSync(config, JSON.stringify({ browser: { contextOptions: { locale: 'en-GB' } }, timeouts: { action: 5000 } }));
  // The command line an agent was set up with for Playwright MCP.
  client = await stdioClient(['--isolated', '--config', config, '--caps', 'testing,storage,network', '--viewport-size', '1280x720', '--console-level', 'info'], { roots: [workspace] });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await site?.close();
});

describe("a session in Playwright MCP's terms", () => {
  it('signs in, checks, inspects and saves, unchanged', async () => {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/login` });
    expect(sectionOf(nav.text, 'Page')).toContain('- Page Title: Sign in');

    const snap = await call(client, 'browser_snapshot', {});
    const email = refOf(snap.text, 'textbox', 'Email');
    const filled = await call(client, 'browser_fill_form', { fields: [
      { name: 'Email', type: 'textbox', target: email, value: 'ada@example.com' },
      { name: 'Password', type: 'textbox', target: 'input[name=password]', value: 'hunter2' },
      { name: 'Remember me', type: 'checkbox', target: refOf(snap.text, 'checkbox', 'Remember me'), value: 'true' },
    ] });
    expect(filled.isError, filled.text).toBe(false);
    expect(sectionOf(filled.text, 'Ran Playwright code')).toContain("getByRole('textbox', { name: 'Email' })");

    const clicked = await call(client, 'browser_click', { element: 'Sign in button', target: 'button[type=submit]' });
    expect(clicked.isError, clicked.text).toBe(false);
    await expect.poll(() => submissions.length).toBe(1);
    expect(submissions[0]).toBe('email=ada%40example.com&password=hunter2&remember=on');

    const verified = await call(client, 'browser_verify_text_visible', { text: 'Welcome back' });
    expect(verified.isError, verified.text).toBe(false);
    const wrong = await call(client, 'browser_verify_element_visible', { role: 'heading', accessibleName: 'Goodbye' });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toContain('Welcome back');

    const cookies = await call(client, 'browser_cookie_list', {});
    expect(cookies.text).toContain('sid=abc123');
    const consoleMessages = await call(client, 'browser_console_messages', { level: 'info' });
    expect(consoleMessages.text).toMatch(/Total messages: \d+ \(Errors: 0, Warnings: 0\)/);
    expect(consoleMessages.text).toMatch(/\[INFO\] signed in @ /);
    const requests = await call(client, 'browser_network_requests', { static: false, filter: '/api/.*' });
    const found = await call(client, 'browser_find', { text: 'Welcome' });
    expect(sectionOf(found.text, 'Result')).toMatch(/^Found 1 match for "Welcome":/);
    expect(requests.text).toMatch(new RegExp(`^\\d+\\. \\[POST\\] ${site.origin}/api/session => \\[200\\] OK$`, 'm'));
    expect(sectionOf(requests.text, 'Result')).not.toContain('/login');

    const opened = await call(client, 'browser_tabs', { action: 'new', url: `${site.origin}/account` });
    expect(sectionOf(opened.text, 'Result')).toMatch(/- 0: .*\n- 1: \(current\) \[Account\]/);
    const evaluated = await call(client, 'browser_evaluate', { function: '() => navigator.language' });
    expect(sectionOf(evaluated.text, 'Result')).toBe('"en-GB"');
    expect(sectionOf(evaluated.text, 'Ran Playwright code')).toContain("await page.evaluate('() => navigator.language');");
    const waited = await call(client, 'browser_wait_for', { text: 'Your account' });
    expect(sectionOf(waited.text, 'Result')).toMatch(/^Waited for Your account/);
    expect(sectionOf(waited.text, 'Ran Playwright code')).toContain("await page.getByText('Your account').first().waitFor({ state: 'visible' });");

    const saved = await call(client, 'browser_storage_state', { filename: 'state.json' });
    expect(saved.isError, saved.text).toBe(false);
    // A relative file name resolves against the workspace (the client's root), as Playwright MCP resolves it.
    const state = JSON.parse(readFileSync(join(workspace, 'state.json'), 'utf8'));
    expect(state.cookies.map((c: { name: string }) => c.name)).toContain('sid');

    const shot = await call(client, 'browser_take_screenshot', { type: 'png', filename: 'account.png' });
    expect(shot.isError, shot.text).toBe(false);
    expect(existsSync(join(workspace, 'account.png'))).toBe(true);
    expect(shot.text).toContain('[Screenshot of viewport](./account.png)');
    expect(shot.images).toHaveLength(0);
    expect(sectionOf(shot.text, 'Ran Playwright code')).toContain("await page.screenshot({ path: './account.png' });");

    const closed = await call(client, 'browser_close', {});
    expect(closed.isError, closed.text).toBe(false);
    expect(sectionOf(closed.text, 'Ran Playwright code')).toBe('```js\nawait page.close()\n```');
  });
});
