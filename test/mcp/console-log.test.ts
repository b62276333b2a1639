// The console log file (Playwright MCP's `New console entries:` link): messages appended live at
// the configured level, one file per document, each response linking only the lines it has not
// linked before, secrets redacted, and no inline console lines under --snapshot-mode none.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inProcessSession, refOf, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

let site: PageServer;
let s: InProcessSession | undefined;

beforeAll(async () => {
  site = await servePages({
    '/logs': `<!doctype html><title>Logs</title>
      <script>console.log('plain log'); console.warn('careful'); console.error('broken');</script>
      <button onclick="console.error('clicked ' + document.title)">Log it</button>`,
    '/other': `<!doctype html><title>Other</title><script>console.error('other page')</script>`,
    '/secret': `<!doctype html><title>S</title><input aria-label="Password" onchange="console.log('typed ' + this.value)">`,
    '/quiet': `<!doctype html><title>Quiet</title><p>Nothing logged</p>`,
  });
}, 30_000);

afterEach(async () => { await s?.close(); s = undefined; });
afterAll(async () => { await site?.close(); });

const logFiles = (dir: string) => readdirSync(dir).filter(f => f.startsWith('console-') && f.endsWith('.log')).sort();
const linkOf = (text: string) => /New console entries: (\S+)#L(\d+)(?:-L(\d+))?/.exec(sectionOf(text, 'Events'));

describe('console log file', () => {
  it('appends each message as it arrives and links only the new lines', async () => {
    s = inProcessSession();
    const nav = await s.call('browser_navigate', { url: `${site.origin}/logs` });
    const first = linkOf(nav.text);
    expect(first, nav.text).not.toBeNull();
    expect([first![2], first![3]]).toEqual(['1', '3']);
    const [file] = logFiles(s.config.outputDir);
    const content = readFileSync(join(s.config.outputDir, file), 'utf8');
    // The default level is info: the log line is in the file though only errors/warnings are inline.
    expect(content).toMatch(/^\[ +\d+ms\] \[LOG\] plain log @ http:\/\/127\.0\.0\.1:\d+\/logs:\d+$/m);
    expect(content).toContain('[WARNING] careful');
    expect(content).toContain('[ERROR] broken');
    expect(sectionOf(nav.text, 'Events')).toContain('broken');

    const button = refOf(nav.text, 'button', 'Log it');
    await s.call('browser_click', { target: button });
    const again = await s.call('browser_click', { target: button });
    // A repeat of the same message is still one line per message in the file.
    expect(readFileSync(join(s.config.outputDir, file), 'utf8').match(/clicked Logs/g)).toHaveLength(2);
    const link = linkOf(again.text);
    expect([link![2], link![3]]).toEqual(['5', undefined]);

    const quiet = await s.call('browser_snapshot');
    expect(linkOf(quiet.text)).toBeNull();
  }, 60_000);

  it('starts a new file for each document and honours --console-level', async () => {
    s = inProcessSession({ consoleLevel: 'error' });
    await s.call('browser_navigate', { url: `${site.origin}/logs` });
    await s.call('browser_navigate', { url: `${site.origin}/other` });
    const files = logFiles(s.config.outputDir);
    expect(files).toHaveLength(2);
    const contents = files.map(f => readFileSync(join(s!.config.outputDir, f), 'utf8'));
    expect(contents.join('\n')).not.toContain('plain log');
    expect(contents.join('\n')).not.toContain('careful');
    expect(contents.some(c => c.includes('broken') && !c.includes('other page'))).toBe(true);
    expect(contents.some(c => c.includes('other page') && !c.includes('broken'))).toBe(true);
  }, 60_000);

  it('writes no file for a page that logs nothing', async () => {
    s = inProcessSession();
    const nav = await s.call('browser_navigate', { url: `${site.origin}/quiet` });
    expect(linkOf(nav.text)).toBeNull();
    expect(logFiles(s.config.outputDir)).toEqual([]);
  }, 60_000);

  it('never writes a secret value to the file', async () => {
    s = inProcessSession({ secrets: { PASSWORD: 'hunter2-secret' } });
    const nav = await s.call('browser_navigate', { url: `${site.origin}/secret` });
    const typed = await s.call('browser_type', { target: refOf(nav.text, 'textbox', 'Password'), text: 'PASSWORD', submit: true });
    expect(typed.isError, typed.text).toBe(false);
    await s.call('browser_evaluate', { function: '() => document.querySelector("input").dispatchEvent(new Event("change"))' });
    const content = logFiles(s.config.outputDir).map(f => readFileSync(join(s!.config.outputDir, f), 'utf8')).join('\n');
    expect(content).toContain('typed <secret>PASSWORD</secret>');
    expect(content).not.toContain('hunter2-secret');
  }, 60_000);

  it('keeps console lines out of responses under --snapshot-mode none, but still links the file', async () => {
    s = inProcessSession({ snapshotMode: 'none' });
    const nav = await s.call('browser_navigate', { url: `${site.origin}/logs` });
    const events = sectionOf(nav.text, 'Events');
    expect(events).toContain('New console entries:');
    expect(events).not.toContain('broken');
  }, 60_000);
});
