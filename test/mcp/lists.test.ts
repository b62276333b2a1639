// The listing tools in Playwright MCP's layout, in process against real Chromium: console lines
// with Playwright's line numbers and the level header, the network listing / details / parts,
// browser_find's tree excerpts, argument errors in zod's words, wait timeouts and codegen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { inProcessSession, sectionOf, servePages, type InProcessSession, type PageServer } from './helpers.js';
import { snapshotSnippets } from '../../driver/index.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let site: PageServer;
let s: InProcessSession;

beforeAll(async () => {
  site = await servePages({
    // Line 3 (1-based) holds the console.log call; Playwright numbers it 2.
    '/logs': '<!doctype html>\n<script>\nconsole.log("hello");\nconsole.debug("quiet");\nconsole.error("loud");\n</script>',
    '/throws': '<!doctype html>\n<script>\nthrow new Error("boom");\n</script>',
    '/api': (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-reply': 'yes' });
      res.end('{"name":"Ada"}');
    },
    '/pic.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    },
    '/net': `<!doctype html><p id="out">waiting</p><script>
      Promise.all([
        fetch('/api', { method: 'POST', headers: { 'X-Sent': 'one' }, body: '{"key":"value"}' }),
        fetch('/pic.png'),
      ]).then(() => out.textContent = 'done');
    </script>`,
    '/toolbar': `<!doctype html><main>
      <div role="group" aria-label="Toolbar"><button>One</button><button>Two</button><button>Three</button><button>Four</button></div>
      <div role="group" aria-label="Content"><button>Target Button</button></div>
    </main>`,
    '/plain': '<!doctype html><p>Permanent text</p>',
  });
  s = inProcessSession({ actionTimeoutMs: 700 } as never);
});

afterAll(async () => {
  await s?.close();
  await site?.close();
});

async function ok(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await s.call(name, args);
  expect(result.isError, result.text).toBe(false);
  return result.text;
}

describe('browser_console_messages', () => {
  it('prints Playwright\'s 0-based line, the script of an uncaught error, and what the level left out', async () => {
    await ok('browser_navigate', { url: `${site.origin}/logs` });
    await expect.poll(async () => ok('browser_console_messages')).toContain('loud');
    const listing = sectionOf(await ok('browser_console_messages'), 'Result');
    expect(listing).toContain(`[LOG] hello @ ${site.origin}/logs:2`);
    expect(listing).toContain(`[ERROR] loud @ ${site.origin}/logs:4`);
    expect(listing).toMatch(/^Total messages: 3 \(Errors: 1, Warnings: 0\)\nReturning 2 messages for level "info" \(pass level "debug" to see all 3\)\.$/m);
    expect(sectionOf(await ok('browser_console_messages', { level: 'debug' }), 'Result')).not.toContain('Returning');

    await ok('browser_navigate', { url: `${site.origin}/throws` });
    await expect.poll(async () => ok('browser_console_messages')).toContain('boom');
    expect(await ok('browser_console_messages')).toContain(`Uncaught Error: boom @ ${site.origin}/throws:2`);
  });
});

describe('browser_network_requests and browser_network_request', () => {
  let apiIndex: number;
  let picIndex: number;

  it('lists `N. [METHOD] url => [status] text` lines with no hint after them', async () => {
    await ok('browser_navigate', { url: `${site.origin}/net` });
    await expect.poll(async () => ok('browser_network_requests', { static: true })).toContain('/pic.png =>');
    const listing = sectionOf(await ok('browser_network_requests', { static: true }), 'Result');
    // Only ariaref's note on earlier pages may follow the lines (this session navigated before).
    const lines = listing.split('\n').filter(line => line && !line.startsWith('(Earlier pages'));
    expect(lines.every(line => /^\d+\. \[(GET|POST)\] \S+ => \[200\] OK$/.test(line)), listing).toBe(true);
    apiIndex = Number(/^(\d+)\. \[POST\] \S+\/api =>/m.exec(listing)![1]);
    picIndex = Number(/^(\d+)\. \[GET\] \S+\/pic\.png =>/m.exec(listing)![1]);
  });

  it('shows one request as Playwright MCP lays it out, bodies left to parts', async () => {
    const detail = sectionOf(await ok('browser_network_request', { index: apiIndex }), 'Result');
    expect(detail).toContain(`#${apiIndex} [POST] ${site.origin}/api\n\n  General\n    status:    [200] OK\n`);
    expect(detail).toContain('    type:      fetch\n    mimeType:  application/json\n');
    expect(detail).toContain('  Request headers\n');
    expect(detail).toContain('    x-sent: one');
    expect(detail).toContain('    x-reply: yes');
    expect(detail).toContain('Call browser_network_request with part="request-body" to read the request body.');
    expect(detail).toContain('Call browser_network_request with part="response-body" to read the response body.');
    expect(detail).not.toContain('{"key":"value"}');
    expect(detail).not.toContain('Response body');
  });

  it('answers a part bare: header lines, the body text, a binary body\'s saved file', async () => {
    const headers = sectionOf(await ok('browser_network_request', { index: apiIndex, part: 'request-headers' }), 'Result');
    expect(headers).toContain('x-sent: one');
    expect(headers).not.toContain('General');
    expect(sectionOf(await ok('browser_network_request', { index: apiIndex, part: 'request-body' }), 'Result')).toBe('{"key":"value"}');
    expect(sectionOf(await ok('browser_network_request', { index: apiIndex, part: 'response-body' }), 'Result')).toBe('{"name":"Ada"}');
    const saved = sectionOf(await ok('browser_network_request', { index: picIndex, part: 'response-body' }), 'Result');
    expect(isAbsolute(saved), saved).toBe(true);
    expect(existsSync(saved)).toBe(true);
    expect(readFileSync(saved)).toEqual(PNG);
  });
});

describe('browser_find', () => {
  it('shows each match under its ancestors, `...` marking skipped off-path lines', () => {
    const yaml = [
      '- main [ref=e1]:',
      '  - group "Toolbar" [ref=e2]:',
      '    - button "One" [ref=e3]',
      '    - button "Two" [ref=e4]',
      '    - button "Three" [ref=e5]',
      '    - button "Four" [ref=e6]',
      '  - group "Content" [ref=e7]:',
      '    - button "Target Button" [ref=e8]',
    ].join('\n');
    expect(snapshotSnippets(yaml, [7])).toEqual([[
      '- main [ref=e1]:',
      '  - group "Toolbar" [ref=e2]:',
      '    ...',
      '    - button "Three" [ref=e5]',
      '    - button "Four" [ref=e6]',
      '  - group "Content" [ref=e7]:',
      '    - button "Target Button" [ref=e8]',
    ].join('\n')]);
  });

  it('answers with the excerpts, and names the parameters when none is given', async () => {
    await ok('browser_navigate', { url: `${site.origin}/toolbar` });
    const found = sectionOf(await ok('browser_find', { text: 'target button' }), 'Result');
    expect(found).toMatch(/^Found 1 match for "target button":\n\n- main \[ref=e\d+\]:\n  - group "Toolbar" \[ref=e\d+\]:\n    \.\.\.\n    - button "Three"/);
    // A regex is tested against the node, indentation and dash left off, so ^ anchors at the role.
    expect(sectionOf(await ok('browser_find', { regex: '/^button "(one|three)"/i' }), 'Result')).toMatch(/^Found 2 matches for \/\^button/);
    const none = await s.call('browser_find', {});
    expect(none.isError).toBe(true);
    expect(none.text).toContain('Provide either "text" or "regex" to search for. To find by role');
  });
});

describe('argument errors, waits and selectors', () => {
  it('words bad arguments as zod does, with the path and the next step', async () => {
    const missing = await s.call('browser_navigate', {});
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('Invalid arguments for tool "browser_navigate":\n✖ Invalid input: expected string, received undefined\n  → at url\nFix the arguments');
    const wrong = await s.call('browser_navigate', { url: 5 });
    expect(wrong.text).toContain('✖ Invalid input: expected string, received number\n  → at url');
  });

  it('times text waits out after --timeout-action in Playwright\'s words, and writes the timer for a time wait', async () => {
    await ok('browser_navigate', { url: `${site.origin}/plain` });
    const never = await s.call('browser_wait_for', { text: 'Never shown' });
    expect(never.isError).toBe(true);
    expect(never.text).toContain('Timeout 700ms exceeded. None of "Never shown" appeared. Take a snapshot');
    const stays = await s.call('browser_wait_for', { textGone: 'Permanent text' });
    expect(stays.text).toContain('Timeout 700ms exceeded. "Permanent text" is still visible.');
    const timed = await ok('browser_wait_for', { time: 0.1 });
    expect(sectionOf(timed, 'Ran Playwright code')).toContain('await new Promise(f => setTimeout(f, 0.1 * 1000));');
  });

  it('says a selector target matches nothing in Playwright MCP\'s words', async () => {
    const result = await s.call('browser_click', { target: '#nothing-here' });
    expect(result.isError).toBe(true);
    expect(sectionOf(result.text, 'Error')).toBe('Error: "#nothing-here" does not match any elements.');
  });
});
