// The shell, through the real binary and its daemon: react-aria-style controls whose native input
// is visually hidden inside its label are clicked and checked by ref, judged by the page's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, servePages, type PageServer } from '../mcp/helpers.js';
import { shell, type Shell } from './helpers.js';

const HIDDEN = 'border:0;clip:rect(0 0 0 0);clip-path:inset(50%);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;width:1px;white-space:nowrap';
const control = (type: string, id: string, text: string, extra = '') =>
  `<label style="display:flex;gap:8px"><span style="${HIDDEN}"><input type="${type}" id="${id}" ${extra}></span><span style="width:16px;height:16px;border:2px solid #557"></span>${text}</label>`;

const PAGE = `<title>Preferences</title><main>${control('checkbox', 'comments', 'Comments')}
  ${control('radio', 'email', 'Email', 'name="contact"')}${control('checkbox', 'dark', 'Dark mode', 'role="switch"')}</main>`;

let server: PageServer;
let sh: Shell;
let page: string;

beforeAll(async () => {
  server = await servePages({ '/preferences.html': PAGE });
  sh = shell();
  page = (await sh.run('open', `${server.origin}/preferences.html`)).stdout;
});

afterAll(async () => {
  await sh?.cleanup();
  await server?.close();
});

const checkedIds = async () => (await sh.run('eval', `['comments', 'email', 'dark'].filter(id => document.getElementById(id).checked).join(' ')`)).stdout;

describe('hidden inputs inside their labels, in the shell', () => {
  it('click, check and uncheck by ref', { timeout: 90_000 }, async () => {
    const clicked = await sh.run('click', refOf(page, 'checkbox', 'Comments'));
    expect(clicked.code, clicked.stderr).toBe(0);
    expect(clicked.stdout).toMatch(/checkbox "Comments" \[checked\]/);
    expect((await sh.run('click', refOf(page, 'radio', 'Email'))).code).toBe(0);
    expect((await sh.run('check', refOf(page, 'switch', 'Dark mode'))).code).toBe(0);
    expect(await checkedIds()).toContain('"comments email dark"');
    expect((await sh.run('uncheck', refOf(page, 'checkbox', 'Comments'))).code).toBe(0);
    expect(await checkedIds()).toContain('"email dark"');
  });
});
