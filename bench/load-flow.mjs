// One load-bench client: a Streamable HTTP MCP client (the SDK's, which opens the GET event
// stream after initialize, as real clients do) running a 15-call flow on pages of its own, served
// from 127.0.0.1. Every page carries the client's token, so an answer that shows another client's
// token is cross-talk, and a snapshot that lacks its own is a failure.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const TOKEN = /\bt\d+x[0-9a-f]{8}\b/g;

export const newToken = index => `t${index}x${randomBytes(4).toString('hex')}`;

const pages = {
  a: t => `<!doctype html><title>A ${t}</title><main><h1>Client ${t}</h1>
<button id="reveal">Reveal</button> <p id="clicked" role="status"></p>
<label>Name <input id="name"></label> <p id="echo" role="status"></p>
<a href="/c/${t}/b">Next page</a></main><script>
document.getElementById('reveal').onclick = () => { document.getElementById('clicked').textContent = 'Revealed ${t}'; };
const input = document.getElementById('name');
input.oninput = () => { document.getElementById('echo').textContent = 'Hello ' + input.value; };
</script>`,
  b: t => `<!doctype html><title>B ${t}</title><main><h1>Second ${t}</h1><a href="/c/${t}/a">Back home</a></main>`,
  tab: t => `<!doctype html><title>Tab ${t}</title><main><h1>Tab of ${t}</h1><p>Opened in a new tab.</p></main>`,
};

/** Serves /c/<token>/(a|b|tab) from 127.0.0.1. */
export function servePages() {
  const server = createServer((request, response) => {
    const m = /^\/c\/(t\d+x[0-9a-f]{8})\/(a|b|tab)$/.exec(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (!m) { response.writeHead(404).end(); return; }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(pages[m[2]](m[1]));
  });
  return new Promise(done => server.listen(0, '127.0.0.1', () => done({
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => { server.closeAllConnections?.(); return new Promise(r => server.close(r)); },
  })));
}

/** The first line of an error, with the server's JSON-RPC message pulled out of an HTTP error body. */
export function reasonOf(error) {
  // undici's "fetch failed" says nothing by itself: its cause names the socket error.
  const cause = error?.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : '';
  const text = String(error?.message ?? error) + cause;
  const rpc = /"message"\s*:\s*"([^"]+)"/.exec(text)?.[1];
  const http = /HTTP (\d{3})/.exec(text)?.[1];
  const reason = rpc ? `${http ? `HTTP ${http}: ` : ''}${rpc}` : text.split('\n')[0];
  return reason.replace(TOKEN, '<token>').replace(/\d+ ?ms\b/g, 'N ms').slice(0, 140);
}

const textOf = result => (result?.content ?? []).filter(c => c.type === 'text').map(c => c.text).join('\n');

const refIn = (text, role, name) => new RegExp(`${role} "${name}\\s*"[^\\n]*?\\[ref=(\\w+)\\]`).exec(text)?.[1];

/** Connects one client; the SDK opens the event stream (GET) right after the handshake. */
export async function connect(url, name) {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name, version: '0' });
  client.onerror = () => {}; // a dropped stream is reported by the calls that fail, not here
  const started = performance.now();
  await client.connect(transport);
  return { client, transport, connectMs: performance.now() - started };
}

/** Ends the session as a well-behaved client does: DELETE, then close the transport. */
export async function disconnect({ client, transport }) {
  const started = performance.now();
  let error;
  try {
    await transport.terminateSession();
  } catch (e) {
    error = reasonOf(e);
  }
  await client.close().catch(() => {});
  return { ms: performance.now() - started, error };
}

/**
 * The 15 calls, each built from what the previous answers showed (refs are read from the last
 * snapshot, as an agent would). `check` says what an answer must show; a missing ref skips the
 * call and counts it failed.
 */
function steps(origin, t) {
  const url = page => `${origin}/c/${t}/${page}`;
  const ownPage = (what, page) => text => text.includes(what) ? undefined : `the answer does not show the client's ${page} page`;
  return [
    // Timed apart: the session's first call opens its browser context (the first session's launches the browser).
    { tool: 'browser_navigate', action: '(first call)', args: () => ({ url: url('a') }) },
    { tool: 'browser_snapshot', args: () => ({}), check: ownPage(`Client ${t}`, 'first'), snapshot: true },
    { tool: 'browser_click', args: s => refIn(s, 'button', 'Reveal') && { element: 'Reveal button', target: refIn(s, 'button', 'Reveal') }, needs: 'button "Reveal"' },
    { tool: 'browser_type', args: s => refIn(s, 'textbox', 'Name') && { element: 'Name textbox', target: refIn(s, 'textbox', 'Name'), text: `typed ${t}` }, needs: 'textbox "Name"' },
    { tool: 'browser_wait_for', args: () => ({ text: `Hello typed ${t}` }) },
    { tool: 'browser_tabs', action: 'new', args: () => ({ action: 'new', url: url('tab') }) },
    { tool: 'browser_tabs', action: 'list', args: () => ({ action: 'list' }),
      check: text => text.includes(url('a')) && text.includes(url('tab')) ? undefined : 'the tab list does not show the client\'s two tabs' },
    { tool: 'browser_snapshot', args: () => ({}), check: ownPage(`Tab of ${t}`, 'new tab'), snapshot: true },
    { tool: 'browser_tabs', action: 'select', args: () => ({ action: 'select', index: 0 }) },
    { tool: 'browser_tabs', action: 'close', args: () => ({ action: 'close', index: 1 }) },
    { tool: 'browser_navigate', args: () => ({ url: url('b') }) },
    { tool: 'browser_snapshot', args: () => ({}), check: ownPage(`Second ${t}`, 'second'), snapshot: true },
    { tool: 'browser_navigate_back', args: () => ({}) },
    { tool: 'browser_snapshot', args: () => ({}), check: ownPage(`Client ${t}`, 'first (after back)'), snapshot: true },
    { tool: 'browser_wait_for', args: () => ({ text: `Client ${t}` }) },
  ];
}

export const FLOW_CALLS = 15;
export const toolKey = step => (step.action ? `${step.tool} ${step.action}` : step.tool);
export const flowToolKeys = () => [...new Set(steps('', 't0x00000000').map(toolKey))];

/**
 * Runs the flow; every call is recorded as { key, ms } or { key, error }. Cross-talk: any token of
 * another client (from `tokens`, all issued in this run) in any answer.
 */
export async function runFlow({ client }, { origin, token, tokens, callTimeoutMs, flowBudgetMs, record }) {
  let lastSnapshot = '';
  let crossTalk = 0;
  const crossSamples = [];
  const started = performance.now();
  for (const step of steps(origin, token)) {
    const key = toolKey(step);
    // Keeps a run on an overloaded machine bounded; the calls left are counted, as failed.
    if (performance.now() - started > flowBudgetMs) { record({ key, error: `not sent: the flow passed its ${flowBudgetMs / 1000} s budget` }); continue; }
    const args = step.args(lastSnapshot);
    if (!args) { record({ key, error: `no ${step.needs} ref in the previous snapshot` }); continue; }
    const callStarted = performance.now();
    let text;
    try {
      const result = await client.callTool({ name: step.tool, arguments: args }, undefined, { timeout: callTimeoutMs });
      text = textOf(result);
      const ms = performance.now() - callStarted;
      const problem = result.isError ? text.split('\n').find(l => l.trim() && !l.startsWith('###')) ?? 'isError' : step.check?.(text);
      record(problem ? { key, ms, error: reasonOf(problem), answer: text } : { key, ms });
    } catch (error) {
      record({ key, ms: performance.now() - callStarted, error: reasonOf(error) });
    }
    if (text === undefined) continue;
    for (const seen of text.match(TOKEN) ?? []) {
      if (seen === token || !tokens.has(seen)) continue;
      crossTalk++;
      if (crossSamples.length < 3) crossSamples.push(`${token} saw ${seen} in ${key}`);
    }
    if (step.snapshot) lastSnapshot = text;
  }
  return { flowMs: performance.now() - started, crossTalk, crossSamples };
}
