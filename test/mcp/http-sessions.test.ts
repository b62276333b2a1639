// HTTP sessions as teams run them: many real SDK clients on one server, each with its own page.
// A session lives as long as its client, busy or idle (the heartbeat pings only a registered
// event stream); ending it, by DELETE or by the client dying, refuses what waited in its queue
// and gives back every context, so a launched browser closes with its last session.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, refOf, repoRoot, sectionOf, servePages, startHttpServer, type PageServer } from './helpers.js';

let site: PageServer;
let server: { process: ChildProcess; url: string; stderr: () => string } | undefined;
const children: ChildProcess[] = [];

/** Each client's own page: its token in the heading, a button that says it was pressed, a box to type in. */
function clientPage(token: string): string {
  return `<!doctype html><title>${token}</title><h1>Page of ${token}</h1>
<button onclick="document.querySelector('output').textContent = 'pressed by ${token}'">Press</button>
<label>Note <input></label><output></output><a href="/next/${token}">Next</a>`;
}

beforeAll(async () => {
  site = await servePages({
    '/': '<!doctype html><title>Hello</title><p>Hello, world!</p>',
    '/slow': (_req, res) => { setTimeout(() => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<title>Slow</title><p>Slow page</p>'); }, 1500); },
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`/client/c${i}`, clientPage(`c${i}`)])),
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`/next/c${i}`, `<!doctype html><title>next c${i}</title><h1>Next of c${i}</h1>`])),
  });
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  server?.process.kill('SIGTERM');
  server = undefined;
});
afterAll(async () => { await site?.close(); });

/** The server without a heartbeat setting of the test runner's: Playwright MCP's default timing applies. */
function defaultEnv(): Record<string, string> {
  const env: Record<string, string> = { DEBUG: 'pw:mcp:test', DEBUG_HIDE_DATE: '1' };
  delete process.env.PLAYWRIGHT_MCP_PING_TIMEOUT_MS;
  return env;
}

function lifecycle(stderr: string): string[] {
  return stderr.split('\n').flatMap(line => /^pw:mcp:test (.+)$/.exec(line)?.[1] ?? []);
}

function count(stderr: string, line: string): number {
  return lifecycle(stderr).filter(l => l === line).length;
}

async function until(check: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check() && Date.now() < end) await new Promise(resolve => setTimeout(resolve, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}:\n${server?.stderr()}`);
}

/** Chromium renderer processes started by the server (its descendants). */
function renderers(rootPid: number): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n').map(line => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)).filter(m => m !== null);
  const parent = new Map(rows.map(m => [Number(m![1]), Number(m![2])]));
  const descends = (pid: number) => { for (let p = parent.get(pid); p; p = parent.get(p)) if (p === rootPid) return true; return false; };
  return rows.filter(m => m![3].includes('--type=renderer') && descends(Number(m![1]))).length;
}

async function connect(url: string) {
  const mcp = new Client({ name: 'sessions', version: '0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await mcp.connect(transport);
  return { mcp, transport, end: async () => { await transport.terminateSession().catch(() => {}); await mcp.close(); } };
}

/** One agent's flow on its own page; every answer must show its token and never another client's. */
async function flow(mcp: Client, token: string): Promise<string[]> {
  const answers: string[] = [];
  const step = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await call(mcp, name, args);
    expect(result.isError, `${token} ${name}: ${result.text}`).toBe(false);
    answers.push(result.text);
    return result.text;
  };
  const page = await step('browser_navigate', { url: `${site.origin}/client/${token}` });
  expect(page).toContain(`Page of ${token}`);
  const snapshot = await step('browser_snapshot');
  await step('browser_click', { element: 'Press', ref: refOf(snapshot, 'button', 'Press') });
  await step('browser_type', { element: 'Note', ref: refOf(snapshot, 'textbox', 'Note'), text: `typed by ${token}` });
  await step('browser_wait_for', { text: `pressed by ${token}` });
  await step('browser_tabs', { action: 'new', url: `${site.origin}/next/${token}` });
  expect(sectionOf(await step('browser_tabs', { action: 'list' }), 'Result')).toContain(`/next/${token}`);
  await step('browser_tabs', { action: 'close' });
  await step('browser_navigate', { url: `${site.origin}/next/${token}` });
  expect(await step('browser_navigate_back')).toContain(`Page of ${token}`);
  const last = await step('browser_snapshot');
  expect(last).toContain(`Page of ${token}`);
  return answers;
}

describe('HTTP sessions', () => {
  it('keeps a session for 60 s through busy and idle periods with the default heartbeat', async () => {
    server = await startHttpServer(['--isolated'], defaultEnv());
    const client = await connect(server.url);
    try {
      expect((await call(client.mcp, 'browser_navigate', { url: site.origin })).isError).toBe(false);
      const started = Date.now();
      const phase = async (ms: number, busy: boolean) => {
        const end = Date.now() + ms;
        while (Date.now() < end) {
          if (busy) {
            const snap = await call(client.mcp, 'browser_snapshot');
            expect(snap.isError, snap.text).toBe(false);
            expect(snap.text).toContain('Hello, world!');
          }
          await new Promise(resolve => setTimeout(resolve, 200));
        }
      };
      await phase(15_000, true);
      await phase(20_000, false);
      // A call longer than the ping timeout: the session's pings are answered meanwhile.
      expect((await call(client.mcp, 'browser_wait_for', { time: 8 })).isError).toBe(false);
      await phase(Math.max(0, 60_000 - (Date.now() - started)), true);
      expect(count(server.stderr(), 'delete http session')).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('runs concurrent agents side by side with no cross-talk', async () => {
    server = await startHttpServer(['--isolated'], defaultEnv());
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect(server!.url)));
    try {
      const answers = await Promise.all(clients.map((c, i) => flow(c.mcp, `c${i}`)));
      answers.forEach((texts, i) => {
        for (const text of texts)
          for (let other = 0; other < clients.length; other++)
            if (other !== i) expect(text, `client c${i} saw c${other}`).not.toMatch(new RegExp(`\\bc${other}\\b`));
      });
      expect(count(server.stderr(), 'create context')).toBe(6);
    } finally {
      await Promise.all(clients.map(c => c.end()));
    }
  }, 120_000);

  it('gives back every context and renderer over rounds of open, run, close', async () => {
    server = await startHttpServer(['--isolated'], defaultEnv());
    const pid = server.process.pid!;
    for (let round = 1; round <= 3; round++) {
      const clients = await Promise.all(Array.from({ length: 3 }, () => connect(server!.url)));
      await Promise.all(clients.map((c, i) => flow(c.mcp, `c${i}`)));
      expect(renderers(pid)).toBeGreaterThan(0);
      await Promise.all(clients.map(c => c.end()));
      await until(() => count(server!.stderr(), 'close browser') === round, `round ${round}'s browser to close`);
      await until(() => renderers(pid) === 0, `round ${round}'s renderers to exit`);
    }
    expect(count(server.stderr(), 'create context')).toBe(9);
    expect(count(server.stderr(), 'delete http session')).toBe(9);
  }, 180_000);

  it('refuses a queued call when the client ends its session mid-call, and opens nothing after', async () => {
    server = await startHttpServer(['--isolated'], defaultEnv());
    const client = await connect(server.url);
    expect((await call(client.mcp, 'browser_navigate', { url: site.origin })).isError).toBe(false);
    // A slow navigation runs; another waits behind it in the session's queue.
    void call(client.mcp, 'browser_navigate', { url: `${site.origin}/slow` }).catch(() => {});
    void call(client.mcp, 'browser_navigate', { url: `${site.origin}/` }).catch(() => {});
    await new Promise(resolve => setTimeout(resolve, 300));
    await client.transport.terminateSession();
    await until(() => count(server!.stderr(), 'close browser') === 1, 'the browser to close');
    // Past the slow page's answer: the queued call ran into the closed session and was refused.
    await new Promise(resolve => setTimeout(resolve, 2500));
    const lines = lifecycle(server.stderr());
    expect(lines.filter(l => l === 'create context')).toHaveLength(1);
    expect(lines.slice(lines.indexOf('delete http session'))).not.toContain('create context');
    await until(() => renderers(server!.process.pid!) === 0, 'the renderers to exit');
    await client.mcp.close();
  }, 60_000);

  it('releases the session of a client killed mid-call, with no DELETE', async () => {
    server = await startHttpServer(['--isolated'], defaultEnv());
    const script = `
      import { Client } from '@modelcontextprotocol/sdk/client/index.js';
      import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
      const mcp = new Client({ name: 'doomed', version: '0' });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(${JSON.stringify(server.url)})));
      await mcp.callTool({ name: 'browser_navigate', arguments: { url: ${JSON.stringify(site.origin)} } });
      console.log('ready');
      await mcp.callTool({ name: 'browser_wait_for', arguments: { time: 30 } });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', chunk => { if (String(chunk).includes('ready')) resolve(); });
      child.once('exit', code => reject(new Error(`client exited early (${code})`)));
    });
    expect(count(server.stderr(), 'create context')).toBe(1);
    child.kill('SIGKILL');
    await until(() => count(server!.stderr(), 'delete http session') === 1, 'the killed client\'s session to end');
    await until(() => count(server!.stderr(), 'close browser') === 1, 'the browser to close');
    await until(() => renderers(server!.process.pid!) === 0, 'the renderers to exit');
  }, 60_000);
});
