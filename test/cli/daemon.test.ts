// The daemon's life: started by the first command, restarted after it died (and saying that the
// session was lost), gone after its idle time, stopped on request. The one-shot snapshot needs
// no daemon at all.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePages, type PageServer } from '../mcp/helpers.js';
import { alive, exited, shell, type Shell } from './helpers.js';

let server: PageServer;
const shells: Shell[] = [];
const newShell = (env: Record<string, string> = {}) => { const s = shell(env); shells.push(s); return s; };

beforeAll(async () => {
  server = await servePages({ '/page.html': '<title>P</title><h1>Hello</h1><button>Go</button>' });
});

afterAll(async () => {
  for (const s of shells) await s.cleanup();
  await server?.close();
});

// Each test has its own daemon (its own socket directory), so they can run side by side.
describe.concurrent('the ariaref daemon', () => {
  it('is restarted by the next command after it died, which says the session was lost', { timeout: 90_000 }, async () => {
    const sh = newShell();
    expect((await sh.run('open', `${server.origin}/page.html`)).code).toBe(0);
    const pid = sh.daemonPid()!;
    expect(alive(pid)).toBe(true);
    process.kill(pid, 'SIGKILL');
    await exited(pid);

    const after = await sh.run('snapshot');
    expect(after.code).toBe(1);
    expect(after.stderr.split('\n')[0]).toMatch(/^Browser session "default" was lost: the ariaref daemon had stopped unexpectedly .*Run "ariaref open <url>" to start it again\.$/);
    expect(sh.daemonPid()).not.toBe(pid);

    const reopened = await sh.run('open', `${server.origin}/page.html`);
    expect(reopened.code).toBe(0);
    expect(reopened.stdout).toMatch(/^### Note\nBrowser session "default" was lost: .*; this is a new session\./);
    expect(reopened.stdout).toContain('heading "Hello"');
    // Said once: the next command is an ordinary one.
    expect((await sh.run('snapshot')).stdout).not.toContain('### Note');
  });

  it('exits after its idle time, and the next command says why the session is gone', { timeout: 90_000 }, async () => {
    const sh = newShell();
    expect((await sh.run('open', `${server.origin}/page.html`, '--idle-timeout', '1500')).code).toBe(0);
    const pid = sh.daemonPid()!;
    await exited(pid);
    expect(existsSync(join(sh.dir, 'daemon.sock'))).toBe(false);
    const after = await sh.run('snapshot');
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/^Browser session "default" was closed after 2 s without a command \(--idle-timeout\)\. Run "ariaref open <url>"/);
  });

  it('stops on "ariaref stop" and reports no daemon afterwards', { timeout: 90_000 }, async () => {
    const sh = newShell();
    await sh.run('open', `${server.origin}/page.html`, '-s', 'one');
    const pid = sh.daemonPid()!;
    const stop = await sh.run('stop');
    expect(stop.stdout).toContain('Stopped the ariaref daemon and closed session "one"');
    await exited(pid);
    expect((await sh.run('sessions')).stdout).toContain('no ariaref daemon is running');
    expect((await sh.run('stop')).stdout).toContain('No ariaref daemon is running.');
  });

  it('keeps the one-shot snapshot of a file or URL without a daemon', { timeout: 90_000 }, async () => {
    const sh = newShell();
    const result = await sh.run('snapshot', `${server.origin}/page.html`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^- heading "Hello" \[level=1\] \[ref=e\d+\]$/m);
    expect(existsSync(join(sh.dir, 'state.json'))).toBe(false);
  });
});
