// End to end over stdio (the built server): react-aria-style controls whose native input is
// visually hidden inside its label are clicked, checked, filled and selected by ref, judged by the
// page's own state; an unrelated overlay keeps the "covered by ... Close or dismiss" answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, refOf, sectionOf, servePages, stdioClient, type PageServer } from './helpers.js';

// react-aria's VisuallyHidden, on the span that wraps the input.
const HIDDEN = 'border:0;clip:rect(0 0 0 0);clip-path:inset(50%);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;width:1px;white-space:nowrap';
const ROW = 'display:flex;align-items:center;gap:8px;margin:4px 0;cursor:pointer';
const BOX = 'display:inline-block;width:16px;height:16px;border:2px solid #557';
const control = (type: string, id: string, text: string, extra = '') =>
  `<label style="${ROW}"><span style="${HIDDEN}"><input type="${type}" id="${id}" ${extra}></span><span style="${BOX}"></span>${text}</label>`;

const PREFERENCES = `<!doctype html><title>Preferences</title><main>
  ${control('checkbox', 'comments', 'Comments')}${control('checkbox', 'mentions', 'Mentions')}
  <div role="radiogroup" aria-label="Contact">${control('radio', 'email', 'Email', 'name="contact"')}${control('radio', 'sms', 'SMS', 'name="contact"')}</div>
  ${control('checkbox', 'dark', 'Dark mode', 'role="switch"')}
  <div style="${ROW}"><label>Size <span style="${HIDDEN}"><select id="size"><option>Small</option><option>Large</option></select></span></label><span aria-hidden="true">Small ▾</span></div>
  <pre id="state"></pre></main><script>
  const state = () => ['comments', 'mentions', 'email', 'sms', 'dark'].filter(id => document.getElementById(id).checked).join(' ') + ' | ' + size.value;
  document.addEventListener('change', () => { document.getElementById('state').textContent = state(); });
</script>`;

const OVERLAY = `<!doctype html><title>Overlay</title>${control('checkbox', 'c', 'Comments')}
  <div role="dialog" aria-label="Cookie consent" style="position:fixed;inset:0;background:#fff8"><p>We use cookies</p></div>`;

let pages: PageServer;
let mcp: Client;

beforeAll(async () => {
  pages = await servePages({ '/preferences': PREFERENCES, '/overlay': OVERLAY });
  mcp = await stdioClient(['--caps', 'core-input']);
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await pages?.close();
});

async function pageState(): Promise<string> {
  const result = await call(mcp, 'browser_evaluate', { function: "() => document.getElementById('state').textContent" });
  expect(result.isError, result.text).toBe(false);
  return /"([^"]*)"/.exec(result.text)?.[1] ?? result.text;
}

describe('hidden native controls inside their labels, by ref over MCP', () => {
  it('browser_click, browser_check/uncheck, browser_fill_form and browser_select_option change the page', async () => {
    const nav = await call(mcp, 'browser_navigate', { url: `${pages.origin}/preferences` });
    expect(nav.isError, nav.text).toBe(false);
    const ref = (role: string, name: string) => refOf(nav.text, role, name);

    const clicked = await call(mcp, 'browser_click', { element: 'Comments', target: ref('checkbox', 'Comments') });
    expect(clicked.isError, clicked.text).toBe(false);
    expect(clicked.text).toMatch(/checkbox "Comments" \[checked\]/);
    expect(await pageState()).toBe('comments | Small');
    // The code is what was done, a click on the label: replayed in Playwright, it toggles the box back.
    const code = sectionOf(clicked.text, 'Ran Playwright code').replace(/^```\w*\n|\n```$/g, '');
    expect(code).toMatch(/\.click\(\);$/);
    expect(code).not.toContain("getByRole('checkbox'");
    const replayed = await call(mcp, 'browser_run_code_unsafe', { code: `async (page) => { ${code} }` });
    expect(replayed.isError, replayed.text).toBe(false);
    expect(await pageState()).toBe(' | Small');

    for (const [tool, args] of [
      ['browser_click', { target: ref('radio', 'Email') }],
      ['browser_check', { target: ref('switch', 'Dark mode') }],
      ['browser_uncheck', { target: ref('checkbox', 'Comments') }],
    ] as const) {
      const result = await call(mcp, tool, args);
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
    }
    expect(await pageState()).toBe('email dark | Small');

    const filled = await call(mcp, 'browser_fill_form', { fields: [
      { name: 'Mentions', type: 'checkbox', target: ref('checkbox', 'Mentions'), value: 'true' },
      { name: 'SMS', type: 'radio', target: ref('radio', 'SMS'), value: 'true' },
      { name: 'Size', type: 'combobox', target: ref('combobox', 'Size'), value: 'Large' },
    ] });
    expect(filled.isError, filled.text).toBe(false);
    expect(await pageState()).toBe('mentions sms dark | Large');

    const selected = await call(mcp, 'browser_select_option', { target: ref('combobox', 'Size'), values: ['Small'] });
    expect(selected.isError, selected.text).toBe(false);
    expect(await pageState()).toBe('mentions sms dark | Small');
  }, 90_000);

  it('a hidden checkbox under an unrelated overlay is still refused with the covered message', async () => {
    const nav = await call(mcp, 'browser_navigate', { url: `${pages.origin}/overlay` });
    const ref = refOf(nav.text, 'checkbox', 'Comments');
    const result = await call(mcp, 'browser_click', { target: ref });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(new RegExp(`Cannot click ${ref}: it is covered by .*dialog "Cookie consent".*Close or dismiss that element first`));
  }, 60_000);
});
