// Navigating to a URL that answers with a download (Content-Disposition: attachment) saves the
// file and says so, as Playwright MCP does; it is not an error, and the tab stays where it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

let pages: PageServer;
let client: Client;
let outputDir: string;

beforeAll(async () => {
  pages = await servePages({ '/start': '<h1>Start page</h1>', '/report.bin': 'quarterly numbers' });
  outputDir = tempDir('ariaref-mcp-download-');
  client = await stdioClient(['--output-dir', outputDir]);
});

afterAll(async () => {
  await client?.close();
  await pages?.close();
  rmSync(outputDir, { recursive: true, force: true });
});

describe('browser_navigate to a download', () => {
  it('saves the file, reports it, and stays on the page it was on', async () => {
    await call(client, 'browser_navigate', { url: `${pages.origin}/start` });
    const result = await call(client, 'browser_navigate', { url: `${pages.origin}/report.bin` });
    expect(result.isError, result.text).toBe(false);
    expect(sectionOf(result.text, 'Result')).toMatch(/download/i);
    const saved = /\[download\] report\.txt saved to (\S+)/.exec(result.text);
    expect(saved, result.text).not.toBeNull();
    expect(existsSync(saved![1]!) && readFileSync(saved![1]!, 'utf8')).toBe('quarterly numbers');
    expect(sectionOf(result.text, 'Page')).toContain(`${pages.origin}/start`);
    expect(sectionOf(result.text, 'Snapshot')).toContain('heading "Start page"');
  });
});
