// A client that cancels a call (notifications/cancelled: Claude Code's Escape, an SDK AbortSignal)
// gets its session back at once: the call stops at its next wait instead of running out its time,
// and a call cancelled while it waited its turn never runs. Each bound below is far shorter than
// the wait the call would otherwise run out (30 s, 120 s), and far longer than a cancel takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, servePages, stdioClient, type PageServer } from './helpers.js';

/** Long enough for a cancelled call to give the session back on a loaded machine; far below the waits it cuts. */
const GIVEN_BACK_WITHIN_MS = 15_000;

let site: PageServer;
let client: Client;
const requested: string[] = [];
let heldArrived: () => void = () => {};

beforeAll(async () => {
  site = await servePages({
    '/start': '<!doctype html><title>Start</title><p>Ready</p>',
    // Never answers: a navigation to it waits out its whole timeout unless it is cancelled.
    '/held': req => { requested.push(req.url ?? ''); heldArrived(); },
    '/counted': (req, res) => { requested.push(req.url ?? ''); res.writeHead(200, { 'content-type': 'text/html' }); res.end('<title>Counted</title>'); },
  });
  client = await stdioClient(['--timeout-navigation', '120000']);
  await call(client, 'browser_navigate', { url: `${site.origin}/start` });
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

/** Calls `name` with a signal the test aborts; resolves to how the call ended (an abort error: the SDK answers none). */
function cancellableCall(name: string, args: Record<string, unknown>) {
  const controller = new AbortController();
  const ended = client.callTool({ name, arguments: args }, undefined, { signal: controller.signal, timeout: 200_000 })
    .then(() => 'answered', (error: Error) => error.message);
  return { cancel: () => controller.abort(), ended };
}

/** The session's next call, which must come back well before the cancelled call's own wait would have ended. */
async function nextCallAnswers(): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('the session stayed busy with the cancelled call')), GIVEN_BACK_WITHIN_MS); });
  try {
    return (await Promise.race([call(client, 'browser_tabs', { action: 'list' }), bound])).text;
  } finally {
    clearTimeout(timer);
  }
}

describe('a cancelled call gives the session back', () => {
  it('browser_wait_for with a time to wait', async () => {
    const waiting = cancellableCall('browser_wait_for', { time: 30 });
    await new Promise(resolve => setTimeout(resolve, 300));
    waiting.cancel();
    expect(await waiting.ended).toMatch(/abort/i);
    expect(await nextCallAnswers()).toContain('/start');
  });

  it('a navigation to a page that never answers, and a call queued behind it that was cancelled never runs', async () => {
    const arrived = new Promise<void>(resolve => { heldArrived = resolve; });
    const held = cancellableCall('browser_navigate', { url: `${site.origin}/held` });
    await arrived; // the navigation is under way in the browser
    const queued = cancellableCall('browser_navigate', { url: `${site.origin}/counted` });
    queued.cancel();
    held.cancel();
    expect(await held.ended).toMatch(/abort/i);
    expect(await queued.ended).toMatch(/abort/i);
    await nextCallAnswers();
    expect(requested).not.toContain('/counted');
    // The cancelled navigation was stopped, as Escape stops one in a browser: left pending, it would
    // hold back every call into the page it was leaving, and this snapshot would wait out its limit.
    const snapshot = await call(client, 'browser_snapshot');
    expect(snapshot.text).toContain('Ready');
    expect(snapshot.text).not.toMatch(/not responding|did not answer/i);
  });
});
