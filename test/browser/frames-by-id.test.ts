// Two same-origin iframes with the same URL and the same name are still told apart by their
// protocol frame id (never by position alone), so snapshots, refs and actions reach each frame
// over the DevTools protocol, even when the frames replaced the built-ins Playwright's evaluate needs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { click, type AriaBrowser } from '../../driver/index.js';
import { locateFrame } from '../../driver/page/cdp-frames.js';
import { matchChildFrame } from '../../driver/page/cdp-frames.js';
import { launchTestBrowser, refOf, startServer, type TestServer } from './driver-harness.js';

const sabotage = `<script>const broken = () => { throw new Error('hijacked'); };
  Array.prototype.push = broken; Array.prototype[Symbol.iterator] = broken; window.Map = broken;
  window.MutationObserver = broken; JSON.stringify = broken; Function.prototype.apply = broken;</script>`;

let server: TestServer;
let browser: AriaBrowser;

beforeAll(async () => {
  server = await startServer();
  let served = 0;
  // The same URL answers with a different button each time: the documents differ, the keys do not.
  server.route('/twin', (_req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><button>Twin ${++served}</button>${sabotage}`);
  });
  server.route('/twins', '<!doctype html><h1>Twins</h1><iframe src="/twin" name="twin"></iframe><iframe src="/twin" name="twin"></iframe>');
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('matching never trusts position when (url, name) pairs repeat', () => {
  const key = { url: 'http://a/twin', name: 'twin' };
  expect(matchChildFrame([key, key], 1, [{ ...key, id: 'A' }, { ...key, id: 'B' }])).toEqual({ candidates: ['A', 'B'] });
  expect(matchChildFrame([key, { url: 'http://a/x', name: '' }], 0, [{ url: 'http://a/x', name: '', id: 'X' }, { ...key, id: 'A' }])).toEqual({ id: 'A' });
});

test('each twin frame is located by its protocol frame id, and refs act in the right one', async () => {
  const aria = await browser.newPage();
  await aria.page.goto(`${server.origin}/twins`);
  const twins = aria.page.mainFrame().childFrames();
  expect(twins).toHaveLength(2);
  const session = await aria.page.context().newCDPSession(aria.page);
  for (const frame of twins) {
    // Playwright's own evaluate is broken in these frames: only the protocol path can reach them.
    await expect(frame.evaluate(() => 1)).rejects.toThrow();
    const where = await locateFrame(frame);
    expect(where).toBeDefined();
    // The frame id found is this very frame's: its owner iframe holds the document Playwright sees.
    const text = await frame.locator('button').textContent();
    const { backendNodeId } = await session.send('DOM.getFrameOwner', { frameId: where!.frameId });
    const { object } = await session.send('DOM.resolveNode', { backendNodeId });
    const { result } = await session.send('Runtime.callFunctionOn', {
      objectId: object.objectId!, functionDeclaration: 'function () { return this.contentDocument.querySelector("button").textContent; }', returnByValue: true,
    });
    expect(result.value).toBe(text);
  }
  const snapshot = await aria.snapshot();
  const names = twins.map(frame => frame.locator('button').textContent());
  const [first, second] = await Promise.all(names);
  // Stitched in document order, each under its own iframe.
  expect(snapshot.indexOf(`button "${first}"`)).toBeLessThan(snapshot.indexOf(`button "${second}"`));
  await click(aria, refOf(snapshot, `button "${second}"`));
  const { result } = await session.send('Runtime.evaluate', {
    expression: '[...document.querySelectorAll("iframe")].map(f => f.contentDocument.activeElement.localName).join()', returnByValue: true,
  });
  expect(result.value).toBe('body,button');
  await session.detach();
  await aria.page.close();
});
