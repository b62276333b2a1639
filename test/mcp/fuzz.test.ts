// Issue 24: every tool of every capability group, sent the cases its own schema implies plus
// hand-written hostile ones, over stdio against real Chromium. Per case: it returns within its
// bound, the server still answers afterwards, a wrong input is refused (no silent success), and
// an error is short with no stack frames. Afterwards: no file outside the roots and the output
// directory, nothing left in the server's temp folder, `git status` unchanged. Every broken
// promise is collected, so one run lists them all.
// FUZZ_DEBUG=<file> appends every case's answer (and each violation) to that file;
// FUZZ_TOOLS=click,type runs only the tools whose names contain those words, without the hostile cases.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { allTools, inputJsonSchema, TOOL_GROUPS } from '../../driver/tools/index.js';
import { repoRoot, sectionOf, servePages, stdioClient, tempDir, type PageServer } from './helpers.js';
import { numberProperties, schemaCases, stackFrames, type FuzzCase, type JsonSchema, type ToolCaseOptions } from './fuzz-cases.js';
import { hostileCases } from './fuzz-hostile.js';

/** Every group, the core ones too (they list their skill-only tools then), so all tools are listed and callable. */
const ALL_CAPS = TOOL_GROUPS.join(',');
/** The fuzz server's own limits: each call's bound follows from them. */
const ACTION_MS = 1000;
const NAVIGATION_MS = 3000;
/** No case may take longer than the slowest legitimate wait under those limits (run code or evaluate abandoned at NAVIGATION_MS, the tab then recovered). */
const CASE_BOUND_MS = 20_000;
/** An error says what is wrong in a few lines, quoting little of the input. */
const MAX_ERROR_CHARS = 2000;

const page = `<!doctype html><title>Fuzz</title><h1>Fuzz page</h1>
  <label>Name <input id="name"></label> <label><input type="checkbox" id="agree"> Agree</label>
  <select id="plan" aria-label="Plan"><option>Free</option><option>Pro</option></select>
  <ul aria-label="Items"><li>one</li><li>two</li></ul><button id="go">Go</button>`;

let site: PageServer;
let client: Client;
let root: string;
let outputDir: string;
let serverTmp: string;
let gitBefore: string[];
const violations: string[] = [];
const timings: Record<string, number> = {};

/**
 * The files and folders of the checkout that git does not track, ignored ones included: what a
 * server writing where it must not would add. Changes to tracked files, and new sources in the
 * project's folders, are people's work in a shared checkout: the server writes neither (it
 * writes images, PDFs, snapshots, logs, JSON, traces and videos).
 */
const untracked = () => execFileSync('git', ['status', '--porcelain', '--ignored', '--untracked-files=normal'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n').filter(line => /^(\?\?|!!) /.test(line) && !/^\?\? (driver|injected|test|bench|docs)\/.*\.(ts|mjs|md)$/.test(line)).sort();

beforeAll(async () => {
  gitBefore = untracked();
  site = await servePages({
    '/': page,
    '/to-file': (_req, res) => { res.writeHead(302, { location: 'file:///etc/passwd' }); res.end(); },
  });
  root = tempDir('ariaref-fuzz-root-');
  outputDir = tempDir('ariaref-fuzz-out-');
  // Short: Chromium puts a Unix socket in it, whose path may not pass about 100 characters.
  serverTmp = tempDir('arf-');
  client = await stdioClient([
    '--caps', ALL_CAPS, '--output-dir', outputDir, '--timeout-action', String(ACTION_MS), '--timeout-navigation', String(NAVIGATION_MS),
    // Nothing leaves the machine, whatever URL a case names: loopback bypasses the proxy, all else meets a closed port.
    '--proxy-server', 'http://127.0.0.1:9', '--proxy-bypass', '127.0.0.1,localhost',
  ], { roots: [root], env: { TMPDIR: serverTmp } });
});

afterAll(async () => {
  await client?.close();
  await site?.close();
  for (const dir of [root, outputDir, serverTmp]) if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Answer { text: string; isError: boolean; ms: number; protocolError?: string }

async function send(name: string, args: Record<string, unknown>, boundMs = CASE_BOUND_MS): Promise<Answer | undefined> {
  const started = Date.now();
  try {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: boundMs + 5000 });
    const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
    return { text: content.filter(c => c.type === 'text').map(c => c.text).join('\n'), isError: !!result.isError, ms: Date.now() - started };
  } catch (error) {
    const message = (error as Error).message;
    if (/timed out|Request timed out/i.test(message)) return undefined;
    return { text: message, isError: true, ms: Date.now() - started, protocolError: message };
  }
}

/** The quick call that proves the server (and its session queue) still answers. */
async function alive(): Promise<boolean> {
  const probe = await send('browser_get_config', {}, 10_000);
  return !!probe && !probe.isError;
}

/** Every string in an argument object, nested ones and property names included. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
  return [];
}

/** Checks one answer against the four promises; returns what was broken. */
function judge(fuzz: FuzzCase, answer: Answer | undefined, boundMs: number): string[] {
  if (!answer) return [`no answer within ${boundMs} ms`];
  const broken: string[] = [];
  if (answer.ms > boundMs) broken.push(`took ${answer.ms} ms (bound ${boundMs} ms)`);
  if (fuzz.expect === 'error' && !answer.isError) broken.push(`wrong input accepted: ${answer.text.slice(0, 300)}`);
  if (answer.protocolError) broken.push(`protocol error instead of a tool error: ${answer.protocolError.slice(0, 300)}`);
  if (answer.isError) {
    const error = sectionOf(answer.text, 'Error') || answer.text;
    if (error.length > MAX_ERROR_CHARS) broken.push(`error of ${error.length} characters: ${error.slice(0, 200)}…`);
    const frames = stackFrames(error);
    if (frames.length) broken.push(`stack frames in the error: ${frames.slice(0, 2).join(' | ')}`);
  }
  for (const value of strings(fuzz.args)) {
    if (value.length > 1000 && answer.text.includes(value.slice(0, 1000)))
      broken.push(`quotes ${value.length > 1e5 ? 'a 1 MB' : 'a long'} input whole (answer of ${answer.text.length} characters)`);
  }
  return broken;
}

async function run(fuzz: FuzzCase & { boundMs?: number; check?: (answer: Answer) => string[] | Promise<string[]> }): Promise<boolean> {
  const boundMs = fuzz.boundMs ?? CASE_BOUND_MS;
  const answer = await send(fuzz.tool, fuzz.args, boundMs);
  if (answer) timings[fuzz.label] = answer.ms;
  if (process.env.FUZZ_DEBUG) appendFileSync(process.env.FUZZ_DEBUG, `${answer?.ms ?? 'no answer'} ms ${fuzz.label} -> ${answer ? `${answer.isError ? 'error' : 'ok'} ${answer.text.length} chars: ${answer.text.slice(0, 240).replace(/\n/g, ' | ')}` : ''}\n`);
  const broken = judge(fuzz, answer, boundMs);
  if (answer && fuzz.check) broken.push(...await fuzz.check(answer));
  const up = await alive();
  if (!up) broken.push('the server did not answer afterwards');
  for (const problem of broken) violations.push(`${fuzz.label}: ${problem}`);
  if (process.env.FUZZ_DEBUG) for (const problem of broken) appendFileSync(process.env.FUZZ_DEBUG, `VIOLATION ${fuzz.label}: ${problem}\n`);
  return up;
}

/** Each tool starts on the fuzz page in one tab: navigated there only when the last tool left it. */
async function backHome(): Promise<void> {
  const home = `${site.origin}/`;
  const tabs = await send('browser_tabs', { action: 'list' }, CASE_BOUND_MS);
  const listed = sectionOf(tabs?.text ?? '', 'Result').split('\n').filter(line => line.startsWith('- '));
  if (listed.length === 1 && listed[0]!.endsWith(`[Fuzz](${home})`)) return;
  for (let i = listed.length - 1; i > 0; i--) await send('browser_tabs', { action: 'close', index: i }, CASE_BOUND_MS);
  const back = await send('browser_navigate', { url: home }, CASE_BOUND_MS);
  if (!back || back.isError) violations.push(`navigating home failed: ${back?.text.slice(0, 300) ?? 'no answer'}`);
}

/** Baselines that act on the fuzz page instead of names that match nothing. */
function toolOptions(site: PageServer): Record<string, ToolCaseOptions> {
  const url = `${site.origin}/`;
  return {
    browser_navigate: { baseline: { url }, huge: ['url'] },
    browser_tabs: { baseline: { action: 'list' } },
    browser_click: { baseline: { target: '#go' }, huge: ['target'] },
    browser_type: { baseline: { target: '#name', text: 'hello' }, huge: ['text'] },
    browser_press_key: { baseline: { key: 'Tab' }, huge: ['key'], naming: ['key'] },
    browser_evaluate: { baseline: { function: '() => document.title' }, huge: ['function'] },
    browser_route: { baseline: { pattern: '**/fuzz-route-only' }, huge: ['pattern'] },
    browser_resize: { baseline: { width: 800, height: 600 } },
    browser_select_option: { baseline: { target: '#plan', values: ['Pro'] } },
    browser_verify_element_visible: { baseline: { role: 'heading', accessibleName: 'Fuzz page' } },
    browser_keydown: { baseline: { key: 'Shift' }, naming: ['key'] },
    browser_keyup: { baseline: { key: 'Shift' }, naming: ['key'] },
    // A URL filter that matches nothing is answered as such.
    browser_network_requests: { naming: [] },
    browser_run_code_unsafe: { baseline: { code: 'async (page) => await page.title()' } },
    browser_pick: { skipBaseline: true },
  };
}

it('every tool, every case: bounded, alive, refused when wrong, short clean errors, no stray files', async () => {
  const listed = await client.listTools();
  // Cases come from the schema the server validates with: the listing leaves string lengths out.
  const tools = listed.tools.map(tool => ({ name: tool.name, schema: inputJsonSchema(allTools.find(t => t.name === tool.name)!) as JsonSchema }));
  // The run covers every tool there is.
  expect(tools.map(tool => tool.name).sort()).toEqual(allTools.map(tool => tool.name).sort());
  // Every count, delay, duration, size, timeout, index and coordinate has both bounds.
  for (const tool of tools) for (const number of numberProperties(tool.schema)) {
    // A value to fill into a slider or field is data, not a count: any number may be typed.
    if (number.path.endsWith('].value')) continue;
    if (number.schema.minimum === undefined && number.schema.exclusiveMinimum === undefined) violations.push(`${tool.name}: ${number.path} has no lower bound`);
    if (number.schema.maximum === undefined && number.schema.exclusiveMaximum === undefined) violations.push(`${tool.name}: ${number.path} has no upper bound`);
  }
  const options = toolOptions(site);
  const started = Date.now();
  let count = 0;
  const only = process.env.FUZZ_TOOLS?.split(',');
  for (const tool of tools.filter(t => !only || only.some(name => t.name.includes(name)))) {
    await backHome();
    for (const fuzz of schemaCases(tool.name, tool.schema, options[tool.name])) {
      count++;
      if (!await run(fuzz)) break;
    }
  }
  for (const fuzz of process.env.FUZZ_TOOLS ? [] : hostileCases(site)) {
    count++;
    if (!await run(fuzz)) break;
  }
  const slowest = Object.entries(timings).sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`fuzz: ${count} cases in ${Math.round((Date.now() - started) / 1000)} s; slowest: ${slowest.map(([label, ms]) => `${label} ${ms} ms`).join('; ')}`);
  expect(violations, violations.join('\n')).toEqual([]);
}, 300_000);

it('leaves no file outside the roots and the output directory, nothing in its temp folder, and the checkout unchanged', async () => {
  await client.close();
  const left = existsSync(serverTmp) ? readdirSync(serverTmp) : [];
  expect(left, `left in the server's TMPDIR: ${left.join(', ')}`).toEqual([]);
  const added = untracked().filter(line => !gitBefore.includes(line));
  expect(added, 'new files in the checkout').toEqual([]);
  // The hostile cases' escape attempts named these; none may exist.
  for (const path of [join(root, '..', 'fuzz-escape.png'), join(root, '..', 'fuzz-escape.json'), '/tmp/fuzz-escape.png', '/fuzz-escape.txt']) expect(existsSync(path), path).toBe(false);
}, 60_000);
