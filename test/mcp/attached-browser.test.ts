// A browser ariaref did not launch, attached over --cdp-endpoint as a user's own Chrome is
// (issue 22): it keeps the back/forward cache on (Playwright's launches turn it off), and it can
// stop answering altogether (a stopped process, a suspended machine).
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';

/** A Chromium of our own, started as a user would start theirs: no --disable-back-forward-cache. */
interface OwnChromium { process: ChildProcess; endpoint: string; close(): Promise<void> }

async function startChromium(): Promise<OwnChromium> {
  const profile = tempDir('ariaref-attached-');
  const child = spawn('/usr/bin/chromium', [
    '--remote-debugging-port=0', '--headless=new', '--no-sandbox', `--user-data-dir=${profile}`,
    '--disable-background-networking', '--disable-component-update', '--disable-sync', 'about:blank',
  // Its own process group: its renderers and helpers are killed with it, so none writes to the profile after.
  ], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // A stopped process is resumed first, so it never stays behind stopped.
      process.kill(-child.pid!, 'SIGCONT');
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr!.on('data', chunk => {
        stderr += String(chunk);
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
        if (match) resolve(match[1]!);
      });
      child.once('exit', code => reject(new Error(`chromium exited (${code}) before listening:\n${stderr}`)));
    });
    return { process: child, endpoint: `http://127.0.0.1:${port}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// Each page says whether it was shown from the back/forward cache: the test must see that
// happen, or it would pass without the cache ever being involved.
const page = (title: string, next: string) => `<!doctype html><title>${title}</title>
<script>
  window.shows = [];
  addEventListener('pageshow', event => { window.shows.push(event.persisted ? 'restored' : 'loaded'); });
</script>
<h1>${title}</h1><a href="${next}">Next</a>`;

let site: PageServer;
let outputDir: string;
let chromium: OwnChromium | undefined;
let client: Client | undefined;

beforeAll(async () => {
  site = await servePages({ '/a': page('Page A', '/b'), '/b': page('Page B', '/a') });
  outputDir = tempDir('ariaref-attached-out-');
});
afterEach(async () => {
  await client?.close().catch(() => {});
  client = undefined;
  await chromium?.close();
  chromium = undefined;
});
afterAll(async () => {
  await site?.close();
  rmSync(outputDir, { recursive: true, force: true });
});

async function attach(): Promise<Client> {
  chromium = await startChromium();
  client = await stdioClient(['--cdp-endpoint', chromium.endpoint, '--output-dir', outputDir]);
  return client;
}

const shows = async (mcp: Client) => (await call(mcp, 'browser_evaluate', { function: '() => window.shows.join(",")' })).text;

describe('a browser attached with --cdp-endpoint', () => {
  it('goes back and forward to pages restored from the back/forward cache, and the next call works', async () => {
    const mcp = await attach();
    for (const path of ['/a', '/b']) {
      const went = await call(mcp, 'browser_navigate', { url: `${site.origin}${path}` });
      expect(went.isError, went.text).toBe(false);
    }

    const back = await call(mcp, 'browser_navigate_back');
    expect(back.isError, back.text).toBe(false);
    expect(sectionOf(back.text, 'Result')).toContain('Went back');
    expect(sectionOf(back.text, 'Page')).toContain(`Page URL: ${site.origin}/a`);
    // Arrived, not given up on: the wait after the step saw the document as loaded.
    expect(back.text).not.toMatch(/had not loaded yet|Timeout|There is no page/);
    expect(sectionOf(back.text, 'Snapshot')).toContain('heading "Page A"');
    // Page A was shown again from the cache, not loaded anew.
    expect(sectionOf(await shows(mcp), 'Result')).toBe('"loaded,restored"');

    const forward = await call(mcp, 'browser_navigate_forward');
    expect(forward.isError, forward.text).toBe(false);
    expect(sectionOf(forward.text, 'Result')).toContain('Went forward');
    expect(sectionOf(forward.text, 'Page')).toContain(`Page URL: ${site.origin}/b`);
    expect(forward.text).not.toMatch(/had not loaded yet|Timeout|There is no page/);
    expect(sectionOf(await shows(mcp), 'Result')).toBe('"loaded,restored"');

    const reload = await call(mcp, 'browser_reload');
    expect(reload.isError, reload.text).toBe(false);
    expect(sectionOf(await shows(mcp), 'Result')).toBe('"loaded"');

    const snapshot = await call(mcp, 'browser_snapshot');
    expect(snapshot.isError, snapshot.text).toBe(false);
    expect(sectionOf(snapshot.text, 'Snapshot')).toContain('heading "Page B"');
  });

  it('says the browser stopped answering, as an error, when its process is stopped; and works once it resumes', async () => {
    const mcp = await attach();
    const went = await call(mcp, 'browser_navigate', { url: `${site.origin}/a` });
    expect(went.isError, went.text).toBe(false);

    chromium!.process.kill('SIGSTOP');
    try {
      const frozen = await call(mcp, 'browser_snapshot');
      expect(frozen.isError, frozen.text).toBe(true);
      const error = sectionOf(frozen.text, 'Error');
      expect(error).toContain(`The browser at ${chromium!.endpoint} stopped answering`);
      expect(error).toMatch(/Resume the browser .*or restart it .*then call browser_snapshot again/);
      // Not the advice for one stuck page (navigate away, close the tab): nothing in this browser answers.
      expect(frozen.text).not.toMatch(/Snapshot failed|browser_navigate away/);
    } finally {
      chromium!.process.kill('SIGCONT');
    }

    const resumed = await call(mcp, 'browser_snapshot');
    expect(resumed.isError, resumed.text).toBe(false);
    expect(sectionOf(resumed.text, 'Snapshot')).toContain('heading "Page A"');
  });
});
