// The devtools group end to end in real Chromium: trace zips with the actions in them, video
// (or the one-line ffmpeg hint where Playwright's ffmpeg is missing), highlights that show in
// pixels but not in the snapshot, recording, the debugger, and clear refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { inProcessSession, refOf, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';

/** The entries of a zip file, read from its central directory (no unzip binary needed). */
function readZip(path: string): Map<string, Buffer> {
  const zip = readFileSync(path);
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error(`${path} is not a zip (no end of central directory)`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

function linkOf(text: string, title: string): string {
  const match = new RegExp(`- \\[${title}\\]\\(([^)]+)\\)`).exec(text);
  if (!match) throw new Error(`No ${title} link in:\n${text}`);
  return match[1];
}

/** Playwright's own ffmpeg build, which page.screencast encodes video with. */
function playwrightFfmpegInstalled(): boolean {
  const dir = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  return existsSync(dir) && readdirSync(dir).some(name => name.startsWith('ffmpeg'));
}

const PAGE = `<!doctype html><title>Tools</title><style>body{margin:0;background:#fff} button{margin:40px;width:120px;height:40px}</style>
  <h1>Devtools</h1><button onclick="document.getElementById('out').textContent='clicked ' + (++window.n)">Press</button><p id="out">idle</p>
  <script>window.n = 0</script>`;

describe('devtools tools', () => {
  let server: PageServer;
  let s: InProcessSession;
  let url: string;

  beforeAll(async () => {
    server = await servePages({ '/': PAGE });
    url = server.origin + '/';
    s = inProcessSession({ caps: ['devtools'], snapshotMode: 'full', actionTimeoutMs: 3000 });
  });
  afterAll(async () => {
    await s?.close();
    await server?.close();
  });

  it('refuses to stop what was never started, before any browser runs', async () => {
    const trace = await s.call('browser_stop_tracing');
    expect(trace.isError).toBe(true);
    expect(trace.text).toContain('Tracing is not started. Call browser_start_tracing first.');
    expect((await s.call('browser_stop_video')).text).toContain('No videos were recorded.');
    const recording = await s.call('browser_stop_recording');
    expect(recording.isError).toBe(true);
    expect(recording.text).toContain('No recording in progress, use browser_start_recording to start one.');
    expect(s.session.currentTabOrUndefined()).toBeUndefined();
  });

  it('writes a trace zip with the actions in it, twice in a row', async () => {
    await s.call('browser_navigate', { url });
    for (const round of [1, 2]) {
      const started = await s.call('browser_start_tracing');
      expect(started.isError, started.text).toBe(false);
      expect(started.text).toContain('Trace recording started');
      const again = await s.call('browser_start_tracing');
      expect(again.isError).toBe(true);
      expect(again.text).toContain('Tracing is already started. Call browser_stop_tracing');

      const snap = await s.call('browser_snapshot');
      const click = await s.call('browser_click', { target: refOf(snap.text, 'button', 'Press') });
      expect(click.text).toContain(`clicked ${round}`);

      const stopped = await s.call('browser_stop_tracing');
      expect(stopped.isError, stopped.text).toBe(false);
      expect(stopped.text).toContain('Trace recording stopped.');
      const path = linkOf(stopped.text, 'Trace');
      expect(path.startsWith(s.config.outputDir)).toBe(true);
      expect(path.endsWith('.zip')).toBe(true);
      const entries = readZip(path);
      expect([...entries.keys()]).toContain('trace.trace');
      expect([...entries.keys()]).toContain('trace.network');
      const events = entries.get('trace.trace')!.toString('utf8').split('\n').filter(Boolean).map(line => JSON.parse(line));
      // A click on a ref in the main frame is the page's mouse click at the element's point: while a
      // trace records, Playwright's own, so the trace shows it.
      expect(events.some(e => e.type === 'before' && e.method === 'mouseClick'), JSON.stringify(events.filter(e => e.type === 'before').map(e => e.method))).toBe(true);
      expect(events.some(e => e.type === 'screencast-frame' || e.type === 'frame-snapshot')).toBe(true);
    }
    const none = await s.call('browser_stop_tracing');
    expect(none.isError).toBe(true);
    expect(none.text).toContain('Tracing is not started.');
  });

  it('records video, or says in one line how to get the ffmpeg it needs', async () => {
    await s.call('browser_navigate', { url });
    const started = await s.call('browser_start_video', { filename: 'clip.webm' });
    if (!playwrightFfmpegInstalled()) {
      expect(started.isError).toBe(true);
      expect(sectionOf(started.text, 'Error')).toBe('Video recording needs Playwright\'s ffmpeg, which is not installed: run `npx playwright install ffmpeg`, then call browser_start_video again.');
      expect((await s.call('browser_stop_video')).text).toContain('No videos were recorded.');
      return;
    }
    expect(started.isError, started.text).toBe(false);
    expect(started.text).toContain('Video recording started.');
    await s.call('browser_click', { target: 'button' });
    const stopped = await s.call('browser_stop_video');
    const path = linkOf(stopped.text, 'Video');
    expect(path).toBe(join(s.config.outputDir, 'clip.webm'));
    // WebM is Matroska: the EBML magic number opens the file.
    expect(readFileSync(path).readUInt32BE(0)).toBe(0x1a45dfa3);
  });

  it('shows chapter cards and action overlays without touching the snapshot', async () => {
    await s.call('browser_navigate', { url });
    const before = sectionOf((await s.call('browser_snapshot')).text, 'Snapshot');
    const chapter = await s.call('browser_video_chapter', { title: 'Intro', description: 'First part', duration: 50 });
    expect(chapter.text).toContain("Chapter 'Intro' added.");
    const shown = await s.call('browser_video_show_actions', { duration: 50, position: 'bottom', style: { highlight: 'outline: 2px solid red' } });
    expect(shown.text).toContain('Action annotations enabled.');
    await s.call('browser_click', { target: 'button' });
    expect((await s.call('browser_video_hide_actions')).text).toContain('Action annotations disabled.');
    const after = sectionOf((await s.call('browser_snapshot')).text, 'Snapshot');
    expect(after).toBe(before.replace('idle', 'clicked 1').replace('"Press" [ref', '"Press" [active] [ref'));
  });

  it('highlights an element in pixels, not in the snapshot or the page DOM, and hides it again', async () => {
    await s.call('browser_navigate', { url });
    const page = s.session.currentTabOrUndefined()!.page;
    const clip = { x: 0, y: 0, width: 300, height: 200 };
    const shot = () => page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
    const bodyElements = () => page.evaluate(() => document.body.querySelectorAll('*').length);
    const snapBefore = await s.call('browser_snapshot');
    const ref = refOf(snapBefore.text, 'button', 'Press');
    const pixelsBefore = await shot();
    const elementsBefore = await bodyElements();

    const lit = await s.call('browser_highlight', { element: 'Press button', target: ref, style: 'outline: 8px solid rgb(255, 0, 0)' });
    expect(lit.isError, lit.text).toBe(false);
    expect(lit.text).toContain("Highlighted Press button");
    expect((await shot()).equals(pixelsBefore)).toBe(false);
    expect(await bodyElements()).toBe(elementsBefore);
    const snapLit = await s.call('browser_snapshot');
    expect(sectionOf(snapLit.text, 'Snapshot')).toBe(sectionOf(snapBefore.text, 'Snapshot'));

    const hidden = await s.call('browser_hide_highlight', { element: 'Press button', target: ref });
    expect(hidden.text).toContain("Hid highlight for Press button");
    expect((await shot()).equals(pixelsBefore)).toBe(true);

    await s.call('browser_highlight', { target: 'h1' });
    expect((await shot()).equals(pixelsBefore)).toBe(false);
    expect((await s.call('browser_hide_highlight')).text).toContain('Hid page highlight');
    expect((await shot()).equals(pixelsBefore)).toBe(true);

    const bad = await s.call('browser_highlight', { target: 'e999' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('Try capturing new snapshot');
  });

  it('records user actions as code', async () => {
    await s.call('browser_navigate', { url });
    const started = await s.call('browser_start_recording');
    expect(started.isError, started.text).toBe(false);
    expect(started.text).toContain('Recording started. Call browser_stop_recording');
    expect((await s.call('browser_start_recording')).text).toContain('Recording is already in progress.');
    // A person's click: real input events at the button, not a tool call.
    const page = s.session.currentTabOrUndefined()!.page;
    const box = (await page.locator('button').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('#out', { hasText: 'clicked' }).waitFor();
    const stopped = await s.call('browser_stop_recording');
    expect(stopped.isError, stopped.text).toBe(false);
    expect(stopped.text).toContain("Recording stopped. Recorded actions:\n\n```js\nawait page.getByRole('button', { name: 'Press' }).click();\n```");
    expect((await s.call('browser_stop_recording')).text).toContain('No recording in progress');
  });

  it('resumes a paused script, and says so when nothing is paused', async () => {
    await s.call('browser_navigate', { url });
    const none = await s.call('browser_resume');
    expect(none.isError).toBe(true);
    expect(none.text).toContain('No script is paused');
    const bad = await s.call('browser_resume', { location: 'a.spec.ts:x' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('expected <file>:<line>');

    const page = s.session.currentTabOrUndefined()!.page;
    const context = page.context();
    const paused = new Promise<void>(resolve => context.debugger.on('pausedstatechanged', () => { if (context.debugger.pausedDetails()) resolve(); }));
    await context.debugger.requestPause();
    const script = (async () => { await page.locator('button').click(); await page.locator('button').click(); })();
    await paused;
    const stepped = await s.call('browser_resume', { step: true });
    expect(stepped.isError, stepped.text).toBe(false);
    expect(stepped.text).toMatch(/^Paused again before click locator\('button'\) at .*devtools\.test\.ts:\d+\.$/im);
    expect(await page.locator('#out').textContent()).toBe('clicked 1');
    const ran = await s.call('browser_resume');
    await script;
    expect(ran.text).toMatch(/Resumed|Paused again/);
    expect(await page.locator('#out').textContent()).toBe('clicked 2');
  });

  it('explains that annotating needs the Playwright Dashboard', async () => {
    const result = await s.call('browser_annotate');
    expect(result.isError).toBe(true);
    expect(result.text).toContain('browser_take_screenshot');
  });
});
