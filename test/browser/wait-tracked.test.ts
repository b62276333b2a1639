// The wait follows the work an action (or a page's load) queued, whatever queue it used: animation
// frames, channel messages, CSS transitions, the load's own short timers; and a document that
// leaves by a form posted to its own URL or a reload is followed as a navigation. Each page here
// makes its visible change after the tail a page that does nothing more gets, so a wait that
// missed the work would return the state before it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { startHarness, type Harness } from './wait-harness.js';
import { runAndWait } from '../../driver/actions/wait.js';
import { startReplySocketServer, type ReplySocketServer } from '../support/reply-socket.js';

let h: Harness;
let sockets: ReplySocketServer;
beforeAll(async () => { [h, sockets] = await Promise.all([startHarness(), startReplySocketServer()]); });
afterAll(async () => { await h?.close(); await sockets?.close(); });

async function outText(page: Page): Promise<string> {
  return page.evaluate(() => document.getElementById('out')!.textContent ?? '');
}

describe('work the action queued', () => {
  test('a timer started two animation frames after the click', async () => {
    const page = await h.open('/frame', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      b.onclick = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => { out.textContent = 'after'; }, 200)));
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('after');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  test('a channel message the click posted, delivered when the page starts its port 150 ms later', async () => {
    // The receiving port is started by a background interval: until then the message waits in the
    // port, and only counting it as the click's work keeps the wait from ending first.
    const page = await h.open('/message', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      const channel = new MessageChannel();
      channel.port1.addEventListener('message', event => { out.textContent = event.data; });
      let clickedAt = 0;
      b.onclick = () => { channel.port2.postMessage('after'); clickedAt = Date.now(); };
      setInterval(() => { if (clickedAt && Date.now() - clickedAt > 150) { clickedAt = 0; channel.port1.start(); } }, 20);
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('after');
    expect(report.outcome).toBe('quiet');
    expect(await page.evaluate(() => new MessageChannel() instanceof MessageChannel)).toBe(true);
    await page.close();
  });

  test('a CSS transition the click started, and what the page does when it ends', async () => {
    const page = await h.open('/transition', `<!doctype html><style>
      #panel { opacity: 0; transition: opacity 300ms linear; } #panel.open { opacity: 1; }
    </style><button id=b>Open</button><div id=panel>Panel</div><div id=out>before</div><script>
      b.onclick = () => panel.classList.add('open');
      panel.addEventListener('transitionend', () => { out.textContent = 'after'; });
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('after');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  // A send that expects no answer counts for a reply window, then no longer.
  async function sendAndWait(path: string, message: string): Promise<{ text: string; outcome: string }> {
    const page = await h.open(path, `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      const socket = new WebSocket(${JSON.stringify(sockets.url)});
      socket.onmessage = event => { out.textContent = event.data; };
      socket.onopen = () => { b.onclick = () => socket.send(${JSON.stringify(message)}); out.textContent = 'open'; };
    </script>`);
    await page.waitForFunction(() => document.getElementById('out')!.textContent === 'open');
    const report = await runAndWait(page, () => page.locator('#b').click());
    const text = await outText(page);
    await page.close();
    return { text, outcome: report.outcome };
  }

  test('a WebSocket reply to the click\'s send, 200 ms later (LiveView, Blazor Server)', async () => {
    expect(await sendAndWait('/socket-reply', 'reply 200 after')).toEqual({ text: 'after', outcome: 'quiet' });
  });

  test('a WebSocket send that gets no reply is waited for a reply window, not up to the cap', async () => {
    expect(await sendAndWait('/socket-silence', 'typing')).toEqual({ text: 'open', outcome: 'quiet' });
  });

  test('a worker\'s answer to the click\'s message, 200 ms later', async () => {
    h.route('/answering-worker.js', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('onmessage = event => setTimeout(() => postMessage(event.data + " done"), 200);');
    });
    const page = await h.open('/worker', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      const worker = new Worker('/answering-worker.js');
      worker.onmessage = event => { out.textContent = event.data; };
      b.onclick = () => worker.postMessage('search');
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('search done');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  /** A script answered after `ms` (a code-split chunk on a slow link). */
  const slowScript = (ms: number, body: string) => (_req: any, res: any) => setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(body);
  }, ms);

  test('a code-split chunk the click imports (React.lazy, a lazy route), 300 ms away', async () => {
    h.route('/lazy-chunk.js', slowScript(300, 'export function render(out) { out.textContent = "after"; }'));
    const page = await h.open('/lazy', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      b.onclick = () => { out.textContent = 'loading'; import('/lazy-chunk.js').then(chunk => chunk.render(out)); };
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('after');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  test('a chunk loaded by a script element the click adds (webpack), and its style sheet', async () => {
    h.route('/webpack-chunk.js', slowScript(300, 'window.chunkLoaded(); document.getElementById("out").textContent = "after";'));
    h.route('/webpack-chunk.css', slowScript(200, '#out { color: green; }'));
    const page = await h.open('/webpack', `<!doctype html><button id=b>Go</button><div id=out>before</div><script>
      window.chunkLoaded = () => {};
      b.onclick = () => {
        const style = document.createElement('link'); style.rel = 'stylesheet'; style.href = '/webpack-chunk.css';
        const script = document.createElement('script'); script.src = '/webpack-chunk.js';
        document.head.append(style, script);
      };
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(await outText(page)).toBe('after');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  test('an endless animation (a spinner) is not waited for', async () => {
    const page = await h.open('/spinner', `<!doctype html><style>
      @keyframes spin { to { transform: rotate(360deg); } } .spin { animation: spin 1s linear infinite; }
    </style><button id=b>Go</button><div id=s>.</div><div id=out>before</div><script>
      b.onclick = () => { s.className = 'spin'; out.textContent = 'after'; };
    </script>`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.outcome).toBe('quiet');
    expect(report.stillBusy).toBeUndefined();
    expect(report.elapsedMs).toBeLessThan(2500);
    await page.close();
  });
});

describe('documents that leave', () => {
  test('a form posted to its own URL is followed to the answer', async () => {
    h.route('/self-post', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(req.method === 'POST' ? '<!doctype html><h1 id=out>Posted</h1>'
        : '<!doctype html><form method=post><button id=b>Send</button></form><div id=out>form</div>');
    });
    const page = await h.context.newPage();
    await page.goto(`${h.origin}/self-post`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.navigatedTo).toBe(`${h.origin}/self-post`);
    expect(report.sameDocument).toBe(false);
    expect(await outText(page)).toBe('Posted');
    await page.close();
  });

  test('location.reload() from a click is followed to the new document', async () => {
    let served = 0;
    h.route('/reloads', (_req, res) => {
      served++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><button id=b onclick="location.reload()">Reload</button><div id=out>load ${served}</div>`);
    });
    const page = await h.context.newPage();
    await page.goto(`${h.origin}/reloads`);
    const report = await runAndWait(page, () => page.locator('#b').click());
    expect(report.sameDocument).toBe(false);
    expect(await outText(page)).toBe('load 2');
    await page.close();
  });
  test('an SPA "Back" button (history.back() to an entry of the same document) is awaited to the page it shows', async () => {
    const page = await h.open('/spa-back', `<!doctype html><button id=back>Back</button><div id=out>list</div><script>
      history.pushState({ view: 'detail' }, '', '/spa-back/detail');
      out.textContent = 'detail';
      addEventListener('popstate', () => { out.textContent = location.pathname === '/spa-back' ? 'list again' : 'other'; });
      back.onclick = () => history.back();
    </script>`);
    const report = await runAndWait(page, () => page.locator('#back').click());
    expect(await outText(page)).toBe('list again');
    expect(report.outcome).toBe('quiet');
    await page.close();
  });

  test('a "Back" button to the page before (another document) is followed there', async () => {
    h.route('/before', '<!doctype html><div id=out>before page</div>');
    h.route('/after', '<!doctype html><button id=back onclick="history.back()">Back</button><div id=out>after page</div>');
    const page = await h.context.newPage();
    await page.goto(`${h.origin}/before`);
    await page.goto(`${h.origin}/after`);
    const report = await runAndWait(page, () => page.locator('#back').click());
    expect(report.navigatedTo).toBe(`${h.origin}/before`);
    expect(await outText(page)).toBe('before page');
    await page.close();
  });
});

describe('the page\'s own watch for leaving (no start window needed in the driver)', () => {
  // The server holds the answer back, so the document is still there when the watch reports.
  async function leavingSeen(path: string, leave: string): Promise<Record<string, unknown>> {
    const page = await h.context.newPage();
    await page.goto(`${h.origin}${path}`);
    const report = await page.evaluate(async leaveCode => {
      const settling = (globalThis as any).__ariaref.settle({ quietMs: 300, timeoutMs: 2000 });
      new Function(leaveCode)();
      return settling;
    }, leave);
    await page.close();
    return report;
  }
  /** The first GET is answered at once, every later request after 400 ms. */
  const slowly = (body: string) => {
    let served = 0;
    return (_req: any, res: any) => {
      const answer = () => { res.writeHead(200, { 'content-type': 'text/html' }); res.end(body); };
      if (served++) setTimeout(answer, 400); else answer();
    };
  };

  test('a form posted to its own URL', async () => {
    h.route('/held-post', slowly('<!doctype html><form id=f method=post><button>Send</button></form>'));
    expect(await leavingSeen('/held-post', 'document.getElementById("f").requestSubmit()'))
      .toMatchObject({ reason: 'navigation', navigating: `${h.origin}/held-post`, watchedNavigation: true });
  });

  test('a reload', async () => {
    h.route('/held-reload', slowly('<!doctype html><p>page</p>'));
    expect(await leavingSeen('/held-reload', 'location.reload()'))
      .toMatchObject({ reason: 'navigation', navigating: `${h.origin}/held-reload` });
  });

  test('not a same-document route change', async () => {
    h.route('/held-push', slowly('<!doctype html><p>page</p>'));
    const report = await leavingSeen('/held-push', 'history.pushState({}, "", "/held-push/two"); setTimeout(() => {}, 0)');
    expect(report).toMatchObject({ reason: 'quiet' });
    expect(report).not.toHaveProperty('navigating');
  });
});

describe('after a navigation', () => {
  test('the short timer a page starts on load is waited for; its long poll is not', async () => {
    h.route('/loaded', `<!doctype html><div id=out>before</div><script>
      addEventListener('load', () => setTimeout(() => { out.textContent = 'rendered'; }, 90));
      setTimeout(function poll() { setTimeout(poll, 1000); }, 1000);
    </script>`);
    const page = await h.open('/to-loaded', '<!doctype html><a id=go href="/loaded">Go</a>');
    const report = await runAndWait(page, () => page.locator('#go').click());
    expect(report.navigatedTo).toBe(`${h.origin}/loaded`);
    expect(await outText(page)).toBe('rendered');
    expect(report.outcome).toBe('quiet');
    expect(report.elapsedMs).toBeLessThan(2500);
    await page.close();
  });
});
