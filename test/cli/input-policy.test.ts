// Issue 24 in the shell: a bad argument is a usage error (exit code 2) whose first stderr line
// says what is wrong, whether the schema refuses it (a count past its bound), the tool does (a
// wrapped URL of a blocked origin) or the library does (an unknown key name); and a huge
// argument is not echoed back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePages, type PageServer } from '../mcp/helpers.js';
import { shell, type Shell } from './helpers.js';

let server: PageServer;
let sh: Shell;

beforeAll(async () => {
  server = await servePages({ '/': '<!doctype html><title>Shell</title><h1>Shell page</h1><input aria-label="Name">' });
  sh = shell();
  const opened = await sh.run('open', `${server.origin}/`, '--blocked-origins', 'blocked.example');
  expect(opened.code, opened.stderr).toBe(0);
});

afterAll(async () => {
  await sh?.cleanup();
  await server?.close();
});

const firstLine = (text: string) => text.split('\n')[0];

describe('bad arguments exit 2 and say what is wrong first', () => {
  it('a count past its bound', { timeout: 60_000 }, async () => {
    const run = await sh.run('mouse_click_xy', '--x', '5', '--y', '5', '--clickCount', '1e9');
    expect(run.code).toBe(2);
    expect(firstLine(run.stderr)).toBe('mouse_click_xy: clickCount must be between 1 and 10, not 1000000000. See "ariaref mouse_click_xy --help".');
  });

  it('a wrapped URL of a blocked origin', { timeout: 60_000 }, async () => {
    const run = await sh.run('open', 'view-source:https://blocked.example/');
    expect(run.code).toBe(2);
    expect(firstLine(run.stderr)).toMatch(/^net::ERR_BLOCKED_BY_CLIENT: not navigating to view-source:https:\/\/blocked\.example\/ \(it loads https:\/\/blocked\.example\)/);
  });

  it('an unknown key name', { timeout: 60_000 }, async () => {
    const run = await sh.run('press', 'NoSuchKeyName');
    expect(run.code).toBe(2);
    expect(firstLine(run.stderr)).toMatch(/^Unknown key "NoSuchKeyName"/);
  });

  it('a 100,000-character argument comes back as a few hundred characters', { timeout: 60_000 }, async () => {
    // The longest the OS passes as one argument is 128 KiB (MAX_ARG_STRLEN).
    const run = await sh.run('click', 'x'.repeat(100_000));
    expect(run.code).not.toBe(0);
    expect(run.stderr.length + run.stdout.length).toBeLessThan(2000);
    expect(run.stderr).toContain('100,000 characters');
  });
});
