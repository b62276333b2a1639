// browser_run_code_unsafe against a real server process: what the agent's code leaves behind (a
// promise rejected with no handler, a throwing page listener, an endless loop after an await)
// neither ends nor wedges the server; the next call works. In-process tests cannot show this:
// the test runner has its own handlers for stray errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, servePages, stdioClient, type PageServer } from './helpers.js';

let site: PageServer;
let client: Client;

beforeAll(async () => {
  site = await servePages({ '/': '<!doctype html><title>Code</title><button onclick="console.log(\'pressed\')">Press</button>' });
  // The navigation timeout is the code's deadline: the endless loop below ends in 2 s.
  client = await stdioClient(['--timeout-navigation', '2000']);
  const nav = await call(client, 'browser_navigate', { url: `${site.origin}/` });
  expect(nav.isError, nav.text).toBe(false);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await site?.close();
});

const works = async () => {
  const after = await call(client, 'browser_run_code_unsafe', { code: 'async (page) => page.title()' });
  expect(after.isError, after.text).toBe(false);
  expect(after.text).toContain('"Code"');
};

describe('browser_run_code_unsafe in a server process', () => {
  it('survives a promise the code rejected and left unhandled', async () => {
    const ran = await call(client, 'browser_run_code_unsafe', { code: 'async (page) => { Promise.reject(new Error("stray")); await page.title(); return 1; }' });
    expect(ran.isError, ran.text).toBe(false);
    await works();
  });

  it('survives a timer of the code that throws', async () => {
    const ran = await call(client, 'browser_run_code_unsafe', { code: 'async (page) => { setTimeout(() => { throw new Error("late") }, 1); await new Promise(r => setTimeout(r, 50)); return 1; }' });
    expect(ran.isError, ran.text).toBe(false);
    await works();
  });

  it('survives a page listener of the code that throws when the page logs', async () => {
    const ran = await call(client, 'browser_run_code_unsafe', { code: 'async (page) => { page.on("console", () => { throw new Error("listener") }); return 1; }' });
    expect(ran.isError, ran.text).toBe(false);
    const logged = await call(client, 'browser_evaluate', { function: '() => { console.log("hello"); return 2; }' });
    expect(logged.isError, logged.text).toBe(false);
    await works();
  });

  it('stops an endless loop after the first await at the deadline, and keeps answering', async () => {
    const loop = await call(client, 'browser_run_code_unsafe', { code: 'async (page) => { await page.title(); for (;;) {} }' });
    expect(loop.isError).toBe(true);
    expect(loop.text).toContain('did not finish within 2 s and was abandoned (an endless loop?)');
    await works();
  });
});
