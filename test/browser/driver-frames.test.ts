// Snapshots stitched across frames: same-origin, cross-origin (out-of-process), nested, and
// frames that never load; refs inside frames resolve to clickable locators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AriaBrowser } from '../../driver/index.js';
import { launchTestBrowser, neverAnswers, refOf, startServer, type TestServer } from './driver-harness.js';

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchTestBrowser();
  server.route('/same.html', '<button>Inside same</button><iframe src="/nested.html" width=200 height=80></iframe>');
  server.route('/nested.html', '<a href="/nested-next.html">Nested link</a>');
  server.route('/nested-next.html', '<p>Next</p><button>After navigation</button>');
  server.route('/cross.html', `<button onclick="document.title='clicked'; this.setAttribute('aria-pressed','true')">Cross button</button>`);
  server.route('/hang.html', neverAnswers);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(html: string) {
  server.route('/main.html', html);
  const page = await browser.newPage();
  // Not 'load': some pages hold frames that never finish.
  await page.page.goto(`${server.origin}/main.html`, { waitUntil: 'domcontentloaded' });
  return page;
}

describe('stitched snapshots', () => {
  it('puts same-origin, nested and cross-origin frames under their iframe line', async () => {
    const page = await open(`<h1>Main</h1>
      <iframe src="/same.html" width=300 height=200></iframe>
      <iframe src="${server.crossOrigin}/cross.html" width=300 height=100></iframe>`);
    await page.page.waitForLoadState('load');
    const snapshot = await page.snapshot();
    const lines = snapshot.split('\n');
    const sameFrame = lines.findIndex(l => /^- iframe .*\[ref=e\d+\]:$/.test(l));
    expect(sameFrame).toBeGreaterThan(-1);
    expect(lines[sameFrame + 1]).toMatch(/^ {2}- button "Inside same" \[ref=f\d+e\d+\]$/);
    expect(snapshot).toMatch(/^ {4}- link "Nested link" \[ref=f\d+e\d+\]/m);
    expect(snapshot).toMatch(/^ {2}- button "Cross button" \[ref=f\d+e\d+\]$/m);
    // Every frame has its own prefix.
    const prefixes = new Set([...snapshot.matchAll(/\[ref=(f\d+)e\d+\]/g)].map(m => m[1]));
    expect(prefixes.size).toBe(3);
    await page.page.close();
  });

  it('shares the token budget among child frames: the stitched page stays within it', async () => {
    const rows = (n: number, tag: string) => `<table>${Array.from({ length: n }, (_, i) => `<tr><td>${tag} row ${i}</td><td><a href="/r/${i}">Open ${i}</a></td></tr>`).join('')}</table>`;
    server.route('/big-frame.html', rows(300, 'Frame'));
    const page = await open(`<h1>Frames</h1>${rows(40, 'Main')}` +
      Array.from({ length: 12 }, (_, i) => `<iframe title="F${i}" src="/big-frame.html" width=200 height=60></iframe>`).join(''));
    await page.page.waitForLoadState('load');
    const budgetTokens = 4000;
    const snapshot = await page.snapshot({ budgetTokens });
    // Every frame shows its start and a fold line to page on from.
    expect([...snapshot.matchAll(/- cell "Frame row 0"/g)]).toHaveLength(12);
    expect(snapshot).toMatch(/… \d+ more rows folded: snapshot with ref=f\d+e\d+ offset=\d+/);
    // The budget counts 4 characters a token; frames get at least a small share each.
    expect(snapshot.length / 4).toBeLessThan(budgetTokens * 1.25);
    await page.page.close();
  });

  it('returns the same structure as a JSON tree', async () => {
    const page = await open(`<iframe src="${server.crossOrigin}/cross.html"></iframe>`);
    await page.page.waitForLoadState('load');
    const tree = await page.snapshotTree();
    const iframe = tree.children.find(c => typeof c !== 'string' && c.role === 'iframe');
    expect(iframe && typeof iframe !== 'string' && iframe.children).toEqual([
      expect.objectContaining({ role: 'button', name: 'Cross button', ref: expect.stringMatching(/^f\d+e\d+$/) }),
    ]);
    await page.page.close();
  });

  it('keeps a frame that never loads as a leaf and still answers', async () => {
    const page = await open(`<button>Outside</button><iframe src="/hang.html"></iframe>
      <iframe src="${server.crossOrigin}/hang.html"></iframe>`);
    const snapshot = await page.snapshot({ timeoutMs: 3_000 });
    expect(snapshot).toContain('button "Outside"');
    expect(snapshot.match(/- iframe \[ref=e\d+\]:\n {2}- text: "\(frame not loaded: still loading\)"/g)).toHaveLength(2);
    await page.page.close();
  });

  it('notes a frame whose document does not answer instead of failing', async () => {
    const page = await open(`<button>Outside</button><iframe src="${server.crossOrigin}/cross.html"></iframe>`);
    await page.page.waitForLoadState('load');
    const child = page.page.frames().find(f => f.url().includes('cross.html'))!;
    // A busy loop in the cross-origin frame: its process stops answering.
    void child.evaluate(() => { const end = Date.now() + 8_000; while (Date.now() < end) { /* busy */ } }).catch(() => {});
    const started = Date.now();
    const snapshot = await page.snapshot({ timeoutMs: 1_500 });
    expect(Date.now() - started).toBeLessThan(30_000); // did not hang
    expect(snapshot).toContain('button "Outside"');
    expect(snapshot).toMatch(/- iframe \[ref=e\d+\]:\n {2}- text: "\(frame not loaded: [^)]*\)"/);
    await page.page.close();
  });

  it('gives up on every frame of a stuck renderer at its first time limit, not one limit per frame', async () => {
    const frames = Array.from({ length: 4 }, (_, i) => `<iframe title="C${i}" src="${server.crossOrigin}/cross.html?${i}"></iframe>`).join('');
    const page = await open(`<button>Outside</button>${frames}`);
    await page.page.waitForLoadState('load');
    // The four frames share one origin, so one renderer: a busy loop in one stops them all.
    const child = page.page.frames().find(f => f.url().includes('cross.html'))!;
    void child.evaluate(() => { const end = Date.now() + 12_000; while (Date.now() < end) { /* busy */ } }).catch(() => {});
    const started = Date.now();
    const snapshot = await page.snapshot({ timeoutMs: 1_500 });
    // Waiting its turn, the k-th frame of a renderer may take k limits (6 s for the last here);
    // once one has run out of time, the renderer is stuck and the others are not waited for.
    // (Here the stuck renderer is already found out while matching the frames to their iframes.)
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(snapshot).toContain('button "Outside"');
    expect([...snapshot.matchAll(/- text: "\(frame not loaded: [^)]*\)"/g)]).toHaveLength(4);
    await page.page.close();
  });

  it('limits depth across frames and routes rootRef to the ref\'s frame', async () => {
    const page = await open('<iframe src="/same.html" width=300 height=200></iframe>');
    await page.page.waitForLoadState('load');
    const full = await page.snapshot();
    // depth 0: top-level lines only; the iframe's content is one level down.
    expect(await page.snapshot({ depth: 0 })).not.toContain('Inside same');
    const shallow = await page.snapshot({ depth: 1 });
    expect(shallow).toContain('Inside same');
    expect(shallow).not.toContain('Nested link');
    const sameButton = refOf(full, 'button "Inside same"');
    const nestedFrame = refOf(full.split('\n').filter(l => l.startsWith('  - iframe')).join('\n'), 'iframe');
    const sub = await page.snapshot({ rootRef: nestedFrame });
    expect(sub).toContain('link "Nested link"');
    expect(sub).not.toContain(sameButton);
    await page.page.close();
  });
});

describe('refs inside frames', () => {
  it('resolve to locators that click in the right frame (cross-origin too)', async () => {
    const page = await open(`<iframe src="${server.crossOrigin}/cross.html"></iframe>`);
    await page.page.waitForLoadState('load');
    const ref = refOf(await page.snapshot(), 'button "Cross button"');
    expect(ref).toMatch(/^f\d+e\d+$/);
    await (await page.locator(ref)).click();
    const after = await page.snapshot();
    expect(after).toMatch(/button "Cross button" .*\[pressed\]/);
    // The sync form used by the test fixture routes to the same frame.
    await expect(page.ref(refOf(after, 'button "Cross button"')).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.page.close();
  });

  it('a ref from a frame that navigated names the navigation; new refs never repeat', async () => {
    const page = await open('<iframe src="/nested.html"></iframe>');
    await page.page.waitForLoadState('load');
    const before = await page.snapshot();
    const link = refOf(before, 'link "Nested link"');
    await (await page.locator(link)).click();
    await page.page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.body?.textContent?.includes('Next'));
    const error = await page.locator(link).then(() => undefined, (e: Error) => e.message);
    expect(error).toBe(`Ref ${link} belonged to ${server.origin}/nested.html before its frame (${link.replace(/e\d+$/, '')}) navigated to ${server.origin}/nested-next.html. Take a new snapshot.`);
    const after = await page.snapshot();
    const newRef = refOf(after, 'button "After navigation"');
    expect(newRef.replace(/e\d+$/, '')).toBe(link.replace(/e\d+$/, ''));
    expect(Number(newRef.replace(/^f\d+e/, ''))).toBeGreaterThan(Number(link.replace(/^f\d+e/, '')));
    await page.page.close();
  });
});
