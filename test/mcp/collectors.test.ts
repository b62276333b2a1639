// Console and network tools end to end: a real `ariaref mcp` process over stdio, pages from
// 127.0.0.1, answers read as an agent would read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

let pages: PageServer;
let client: Client;
let outputDir: string;

beforeAll(async () => {
  pages = await servePages({
    '/first': `<h1>First</h1><script>
      console.log('hello from first');
      function explode() { throw new Error('first page broke'); }
      setTimeout(explode, 0);
      fetch('/missing');
    </script>`,
    '/second': `<h1>Second</h1><script>console.warn('second warns');</script>`,
  });
  outputDir = tempDir('ariaref-mcp-collectors-');
  client = await stdioClient(['--output-dir', outputDir]);
});

afterAll(async () => {
  await client?.close();
  await pages?.close();
  rmSync(outputDir, { recursive: true, force: true });
});

const idOf = (text: string, pattern: RegExp): number => {
  const line = text.split('\n').find(l => pattern.test(l));
  const match = line && /^(?:- #)?(\d+)\.? /.exec(line);
  if (!match) throw new Error(`No line matching ${pattern} with an id in:\n${text}`);
  return Number(match[1]);
};

describe('console and network tools over MCP', () => {
  it('lists, shows by id, keeps ids across navigations and saves a body', async () => {
    const tools = await client.listTools();
    const names = tools.tools.map(t => t.name);
    for (const name of ['browser_console_messages', 'browser_network_requests', 'browser_network_request'])
      expect(names).toContain(name);
    // Skill-only: off the default list (tool definitions cost tokens), still callable below.
    expect(names).not.toContain('browser_console_message');

    await call(client, 'browser_navigate', { url: `${pages.origin}/first` });
    await expect.poll(async () => (await call(client, 'browser_console_messages', {})).text).toContain('first page broke');
    const consoleText = sectionOf((await call(client, 'browser_console_messages', {})).text, 'Result');
    expect(consoleText).toContain('hello from first');
    const errorId = idOf(consoleText, /first page broke/);

    const one = await call(client, 'browser_console_message', { id: errorId });
    expect(one.isError).toBe(false);
    expect(one.text).toContain('Stack:');
    expect(one.text).toContain('explode');

    const errors = await call(client, 'browser_network_requests', { status: 'error' });
    expect(errors.text).toContain(`${pages.origin}/missing => [404]`);
    expect(errors.text).not.toContain('/first =>');
    const missingId = idOf(errors.text, /\/missing/);

    await call(client, 'browser_navigate', { url: `${pages.origin}/second` });
    const second = await call(client, 'browser_console_messages', {});
    expect(second.text).toContain('second warns');
    expect(second.text).not.toContain('hello from first');
    const both = await call(client, 'browser_console_messages', { includeEarlier: true });
    expect(both.text).toContain('hello from first');
    expect(both.text).toContain('#### Navigation');
    // The id from before the navigation still names the same message.
    expect((await call(client, 'browser_console_message', { id: errorId })).text).toContain('first page broke');

    const detail = await call(client, 'browser_network_request', { id: missingId, save: 'response' });
    expect(detail.text).toContain('  Response headers');
    expect(detail.text).toContain('status:    [404]');
    const saved = /Saved the full response body to (.+)$/m.exec(detail.text)?.[1];
    expect(saved).toBeDefined();
    expect(dirname(saved!)).toBe(resolve(outputDir));
    expect(existsSync(saved!)).toBe(true);
    expect(readFileSync(saved!, 'utf8')).toBe('not found');
  });

  it('answers unknown ids and bad filters with the next step', async () => {
    const unknown = await call(client, 'browser_console_message', { id: 999_999 });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('browser_console_messages');
    const badStatus = await call(client, 'browser_network_requests', { status: 'teapot' });
    expect(badStatus.isError).toBe(true);
    expect(badStatus.text).toMatch(/Use a code \(404\)/);
    const badRegex = await call(client, 'browser_network_requests', { url: '/(/' });
    expect(badRegex.isError).toBe(true);
    expect(badRegex.text).toContain('Invalid URL regex');
  });
});
