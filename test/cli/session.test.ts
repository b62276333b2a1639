// `ariaref <command>` end to end: the real binary, its daemon, one session's whole loop, several
// sessions side by side, commands of one session one at a time, errors and exit codes.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, servePages, type PageServer } from '../mcp/helpers.js';
import { shell, type Shell } from './helpers.js';

const LOGIN = `<title>Login</title><main><form id="f">
  <label>User <input id="u"></label><label>Password <input id="p" type="password"></label>
  <button>Sign in</button></form><p id="out"></p></main>
  <script>
    document.getElementById('f').addEventListener('submit', event => {
      event.preventDefault();
      document.getElementById('out').textContent = 'Welcome, ' + document.getElementById('u').value + (document.getElementById('p').value === 'hunter22' ? ' (password ok)' : '');
      event.target.remove();
    });
  </script>`;

let server: PageServer;
let sh: Shell;
/** Resolves when the browser asks for /held, which is never answered. */
let heldAsked: () => void = () => {};

beforeAll(async () => {
  server = await servePages({
    '/login.html': LOGIN,
    '/held': () => { heldAsked(); },
    '/counter.html': '<title>Counter</title><script>window.count = 0</script><button onclick="document.getElementById(\'n\').textContent = ++window.count">Add</button><p id="n">0</p>',
  });
  sh = shell();
  writeFileSync(join(sh.cwd, 'secrets.env'), 'PASSWORD=hunter22\n');
});

afterAll(async () => {
  await sh?.cleanup();
  await server?.close();
});

describe('ariaref session commands', () => {
  it('opens a page, fills the form by ref and shows the click\'s result in its own output, secrets redacted', { timeout: 90_000 }, async () => {
    const open = await sh.run('open', `${server.origin}/login.html`, '--secrets', 'secrets.env');
    expect(open.stderr).toBe('');
    expect(open.code).toBe(0);
    // The page is where it was asked to go: the shell says only its title, not a Page section
    // beside "Navigated to" (a redirect would show the URL it landed on).
    expect(open.stdout.split('\n')[0]).toBe('Opened "Login".');
    expect(open.stdout).not.toContain('### Page');
    const user = refOf(open.stdout, 'textbox', 'User');
    const password = refOf(open.stdout, 'textbox', 'Password');
    const button = refOf(open.stdout, 'button', 'Sign in');

    const filled = await sh.run('fill', user, 'alice');
    expect(filled.code).toBe(0);
    // The page changed only as the command said it would: one word, no diff restating "alice".
    expect(filled.stdout).toBe('Done.\n');
    const secret = await sh.run('fill', password, 'hunter22');
    expect(secret.code).toBe(0);
    expect(secret.stdout).not.toContain('hunter22');
    const click = await sh.run('click', button);
    expect(click.code).toBe(0);
    // The effect is in the click's own answer: the page as it is after the submit.
    expect(click.stdout).toContain('Welcome, alice (password ok)');
    expect(click.stdout).not.toContain('hunter22');
    // The shell reads the inline diff: no snapshot file is written or linked beside it.
    expect(click.stdout).not.toContain('[Snapshot](');

    const snapshot = await sh.run('snapshot', '--json');
    expect(snapshot.code).toBe(0);
    const json = JSON.parse(snapshot.stdout);
    expect(json.ok).toBe(true);
    expect(json.snapshot).toContain('Welcome, alice');
    expect(json.page).toContain('/login.html');
  });

  it('keeps the socket in a directory only this user can open', () => {
    expect(statSync(sh.dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(sh.dir, 'daemon.sock')).isSocket()).toBe(true);
  });

  it('answers a stale ref with one actionable line first on stderr and exit code 1', async () => {
    const stale = await sh.run('click', 'e3');
    expect(stale.code).toBe(1);
    expect(stale.stderr.split('\n')[0]).toMatch(/^Ref e3 .*no longer exists.*snapshot/);
  });

  it('snapshot -i shows only the controls and the landmarks that place them; its refs act as any other', { timeout: 60_000 }, async () => {
    expect((await sh.run('open', `${server.origin}/login.html`)).code).toBe(0);
    const brief = await sh.run('snapshot', '-i');
    expect(brief.stderr).toBe('');
    expect(brief.stdout.trimEnd().split('\n').map(line => line.replace(/ \[ref=\w+\]/, ''))).toEqual([
      '- main:', '  - textbox "User"', '  - textbox "Password"', '  - button "Sign in"',
    ]);
    expect((await sh.run('fill', refOf(brief.stdout, 'textbox', 'User'), 'bob')).code).toBe(0);
    const click = await sh.run('click', refOf(brief.stdout, 'button', 'Sign in'));
    expect(click.code).toBe(0);
    expect(click.stdout).toContain('Welcome, bob');
  });

  it('tells usage errors (exit 2) from tool errors (exit 1)', async () => {
    const missing = await sh.run('click');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^"ariaref click" needs <ref>\. Example: ariaref click e5/);
    const flag = await sh.run('click', 'e1', '--bogus');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/Unknown option --bogus for browser_click\. Its options: .*--target/);
    const typo = await sh.run('clack', 'e1');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^ariaref: unknown command "clack"\. Run "ariaref --help"/);
    const badTab = await sh.run('tabs', 'select', 'x');
    expect(badTab.code).toBe(2);
    const nobody = await sh.run('snapshot', '-s', 'nobody');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr.split('\n')[0]).toBe('No browser session "nobody". Run "ariaref open <url> -s nobody" first.');
  });

  it('keeps sessions apart: own pages, own storage, own refs', { timeout: 90_000 }, async () => {
    const other = await sh.run('-s', 'other', 'open', `${server.origin}/counter.html`);
    expect(other.code).toBe(0);
    await sh.run('eval', 'localStorage.setItem("who", "default")');
    const seen = await sh.run('eval', 'localStorage.getItem("who")', '--session', 'other');
    expect(seen.code).toBe(0);
    expect(seen.stdout).toContain('null');
    const mine = await sh.run('eval', 'document.title');
    expect(mine.stdout).toContain('"Login"');
    const list = await sh.run('sessions');
    expect(list.stdout).toContain(`- default: ${server.origin}/login.html`);
    expect(list.stdout).toContain(`- other: ${server.origin}/counter.html`);
  });

  it('runs the commands of one session one at a time, none lost', { timeout: 90_000 }, async () => {
    const open = await sh.run('open', `${server.origin}/counter.html`, '-s', 'queue');
    const button = refOf(open.stdout, 'button', 'Add');
    await sh.run('-s', 'queue', 'eval', '(window.active = 0, window.most = 0)');
    const slow = '(async () => { window.active++; window.most = Math.max(window.most, window.active); await new Promise(r => setTimeout(r, 100)); window.active--; })()';
    const runs = await Promise.all([
      ...Array.from({ length: 3 }, () => sh.run('-s', 'queue', 'eval', slow)),
      ...Array.from({ length: 3 }, () => sh.run('-s', 'queue', 'click', button)),
    ]);
    expect(runs.map(r => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const after = await sh.run('-s', 'queue', 'eval', '[window.most, document.getElementById("n").textContent]');
    expect(after.stdout).toMatch(/\[\s*1,\s*"3"\s*\]/);
  });

  it('reaches every tool by name with its schema\'s flags, skill-only ones included', { timeout: 60_000 }, async () => {
    const resized = await sh.run('resize', '--width', '640', '--height', '480', '-s', 'other');
    expect(resized.code).toBe(0);
    expect((await sh.run('-s', 'other', 'eval', 'innerWidth')).stdout).toContain('640');
    // browser_press_sequentially is skill-only: off the MCP tool list, still a command here.
    await sh.run('-s', 'other', 'eval', 'document.body.insertAdjacentHTML("beforeend", "<input id=q>"), document.getElementById("q").focus()');
    const typed = await sh.run('-s', 'other', 'press_sequentially', '--text', 'abc');
    expect(typed.code).toBe(0);
    expect((await sh.run('-s', 'other', 'eval', 'document.getElementById("q").value')).stdout).toContain('"abc"');
  });

  it('closes one session and leaves the others', { timeout: 60_000 }, async () => {
    const closed = await sh.run('close', '-s', 'queue');
    expect(closed.code).toBe(0);
    expect(closed.stdout).toContain('Closed session "queue"');
    const gone = await sh.run('snapshot', '-s', 'queue');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/^No browser session "queue"/);
    expect((await sh.run('sessions')).stdout).not.toContain('queue');
    expect((await sh.run('snapshot', '-s', 'other')).code).toBe(0);
  });

  it('cancels a command whose client went away: the session\'s next command does not wait for it', { timeout: 90_000 }, async () => {
    await sh.run('open', `${server.origin}/counter.html`, '-s', 'cancel', '--timeout-navigation', '120000');
    const asked = new Promise<void>(resolve => { heldAsked = resolve; });
    const going = sh.start('-s', 'cancel', 'open', `${server.origin}/held`);
    await asked; // the daemon is inside the navigation, which would wait out its 120 s
    going.kill('SIGKILL');
    // Far below the navigation's own wait; a page whose navigation is pending answers the tab list with its last title.
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('the session stayed busy with the command whose client was killed')), 20_000); });
    const tabs = await Promise.race([sh.run('-s', 'cancel', 'tabs'), bound]).finally(() => clearTimeout(timer));
    expect(tabs.code, tabs.stderr).toBe(0);
    expect(tabs.stdout).toContain('counter.html');
  });

  it('says that pick needs a headed browser', { timeout: 60_000 }, async () => {
    const pick = await sh.run('pick');
    expect(pick.code).toBe(1);
    expect(pick.stderr.split('\n')[0]).toMatch(/headless\. Run "ariaref close", then "ariaref open --headed <url>"/);
  });
});
