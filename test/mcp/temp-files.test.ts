// Issue 24: the server's own temporary files do not outlive it. A server started with a
// TypeScript --init-page (compiled to a temp module) and a browser (Playwright's and Chromium's
// temp folders) leaves its TMPDIR as it found it once the client is gone.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

let site: PageServer;
let dir: string;

beforeAll(async () => {
  site = await servePages({ '/': '<!doctype html><title>Temp</title><h1>Temp page</h1>' });
  dir = tempDir('ariaref-temp-files-');
});

afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a server with a TypeScript --init-page leaves nothing in its temp folder when it exits', async () => {
  // Short: Chromium puts a Unix socket in it, whose path may not pass about 100 characters.
  const serverTmp = tempDir('art-');
  const module = join(dir, 'init.ts');
  writeFileSync(module, "export default async ({ page }: { page: any }): Promise<void> => { await page.addInitScript(() => { (window as any).fromInit = 'yes'; }); };");
  const client = await stdioClient(['--init-page', module, '--output-dir', join(dir, 'out')], { env: { TMPDIR: serverTmp } });
  try {
    const nav = await call(client, 'browser_navigate', { url: `${site.origin}/` });
    expect(sectionOf(nav.text, 'Snapshot')).toContain('heading "Temp page"');
    const ran = await call(client, 'browser_evaluate', { function: '() => window.fromInit' });
    expect(ran.text).toContain('"yes"');
    // The compiled module is gone as soon as it was loaded; the browser's folders are there while it runs.
    expect(readdirSync(serverTmp).filter(name => name.startsWith('ariaref-init-page-'))).toEqual([]);
  } finally {
    await client.close();
  }
  expect(readdirSync(serverTmp)).toEqual([]);
  rmSync(serverTmp, { recursive: true, force: true });
}, 90_000);
