// Benchmark of the shell CLI (`ariaref <command>` through its daemon):
//  - the warm command overhead: wall time from the client's start to its output, minus the tool's
//    own work (the daemon reports it under ARIAREF_TIMING), against a bare `node -e 0`;
//  - the cold first `open` (daemon start and browser start included);
//  - a login flow (open, read the page, fill two fields, click, read the result) in ariaref,
//    Playwright's CLI and agent-browser: commands, characters read, wall time, and their warm
//    snapshot/click times. The other two come from bench/compare (npm install --prefix bench/compare);
//    without it only ariaref is measured.
//
//   node bench/cli.mjs [--runs=15]        (also run by bench/run.mjs)
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { summarize, fmtMs, printTable } from './stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BROWSER = process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium';
const LOGIN = `<!doctype html><title>Login</title><main><h1>Sign in</h1><form id="f">
<label>Email <input id="u"></label><label>Password <input id="p" type="password"></label>
<button>Sign in</button></form><p id="out" role="status"></p></main><script>
document.getElementById('f').addEventListener('submit', e => { e.preventDefault();
  document.getElementById('out').textContent = 'Welcome back, ' + document.getElementById('u').value; e.target.remove(); });
</script>`;

function serve() {
  const server = createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(LOGIN); });
  return new Promise(done => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}/login`, close: () => new Promise(r => server.close(r)) })));
}

function run(command, args, options = {}) {
  return new Promise(resolve => {
    const started = performance.now();
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', c => { stdout += c; });
    child.stderr.on('data', c => { stderr += c; });
    child.on('error', error => resolve({ code: -1, stdout, stderr: String(error), ms: performance.now() - started }));
    child.on('close', code => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** Real tokens when the bench's tokenizer is installed (GPT-4o's o200k encoding; other models differ a little). */
let countTokens;
try {
  ({ countTokens } = await import(pathToFileURL(join(root, 'bench/compare/node_modules/gpt-tokenizer/esm/encoding/o200k_base.js')).href));
} catch { /* chars only */ }

const refIn = (text, role, name) => new RegExp(`${role} "${name}\\s*"[^\\n]*?\\bref=(\\w+)\\]`).exec(text)?.[1];

/** Fill both fields and click Sign in, each by the ref the CLI printed so far; `asArg` writes a ref as that CLI takes it. */
const loginSteps = (asArg = ref => ref) => [
  page => refIn(page, 'textbox', 'Email') && ['fill', asArg(refIn(page, 'textbox', 'Email')), 'alice'],
  page => refIn(page, 'textbox', 'Password') && ['fill', asArg(refIn(page, 'textbox', 'Password')), 'hunter22'],
  page => refIn(page, 'button', 'Sign in') && ['click', asArg(refIn(page, 'button', 'Sign in'))],
];

/** Wall times of `count` runs of one command. */
async function timesOf(exec, args, count) {
  const ms = [];
  for (let i = 0; i < count; i++) ms.push((await exec(args)).ms);
  return ms;
}

/** One CLI's login flow: each step a command; characters are what the agent reads (stdout + stderr). */
async function flow(name, exec, steps) {
  const log = [];
  const started = performance.now();
  let page = '';
  for (const step of steps) {
    const args = typeof step === 'function' ? step(page) : step;
    if (!args) { log.push({ args: ['(missing ref)'], chars: 0, ms: 0, failed: true }); break; }
    const r = await exec(args);
    const out = (r.stdout + r.stderr).replace(/^ariaref-timing.*\n/m, '');
    page += `\n${out}`;
    log.push({ args, chars: out.length, ms: r.ms, failed: r.code !== 0, out });
  }
  const wallMs = performance.now() - started;
  const result = log.some(l => /Welcome back, alice/.test(l.out ?? ''));
  const tokens = countTokens ? log.reduce((n, l) => n + countTokens(l.out ?? ''), 0) : undefined;
  return { name, commands: log.length, chars: log.reduce((n, l) => n + l.chars, 0), tokens, wallMs, result, failed: log.some(l => l.failed), clickShowsResult: /Welcome back/.test(log.find(l => l.args[0] === 'click')?.out ?? ''), log };
}

async function ours(url, runs) {
  const dir = mkdtempSync(join(tmpdir(), 'arb-'));
  const env = { ...process.env, ARIAREF_SOCKET_DIR: dir, ARIAREF_BROWSER: BROWSER, ARIAREF_TIMING: '1' };
  const exec = args => run(process.execPath, [join(root, 'dist/driver/cli/main.js'), ...args], { env, cwd: dir });
  try {
    const cold = await exec(['open', url]);
    const login = await flow('ariaref', exec, [['open', url], ...loginSteps()]);
    // Warm overhead: a cheap tool, many times; the daemon says how long the tool itself took.
    const wall = [];
    const overhead = [];
    for (let i = 0; i < runs; i++) {
      const r = await exec(['snapshot']);
      const tool = Number(/ariaref-timing tool=([\d.]+)/.exec(r.stderr)?.[1]);
      wall.push(r.ms);
      if (Number.isFinite(tool)) overhead.push(r.ms - tool);
    }
    await exec(['open', url]);
    const clicks = await timesOf(exec, ['click', 'h1'], Math.min(runs, 8));
    const bareNode = await timesOf(() => run(process.execPath, ['-e', '0']), [], runs);
    return { cold: { ms: cold.ms, ok: cold.code === 0 }, login, snapshot: summarize(wall), overhead: summarize(overhead), click: summarize(clicks), bareNode: summarize(bareNode) };
  } finally {
    await exec(['stop']);
    rmSync(dir, { recursive: true, force: true });
  }
}

const compare = join(root, 'bench/compare/node_modules/.bin');

async function playwrightCli(url, runs) {
  const bin = join(compare, 'playwright-cli');
  if (!existsSync(bin)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'pwc-'));
  mkdirSync(join(dir, '.playwright'), { recursive: true });
  writeFileSync(join(dir, '.playwright/cli.config.json'), JSON.stringify({ browser: { browserName: 'chromium', launchOptions: { executablePath: BROWSER, headless: true, chromiumSandbox: false } } }));
  const exec = args => run(bin, ['-s=bench', ...args], { cwd: dir, env: { ...process.env, PLAYWRIGHT_DAEMON_SESSION_DIR: join(dir, 'sessions') } });
  try {
    const login = await flow('playwright-cli', exec, [['open', url], ['snapshot'], ...loginSteps(), ['snapshot']]);
    return { login, snapshot: summarize(await timesOf(exec, ['snapshot'], Math.min(runs, 8))) };
  } finally {
    await exec(['close']);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function agentBrowser(url, runs) {
  const bin = join(compare, 'agent-browser');
  if (!existsSync(bin)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'agb-'));
  // The same session and launch flags on every call, as its docs ask.
  const flags = ['--session', 'bench', '--executable-path', BROWSER, '--args', '--no-sandbox'];
  const exec = args => run(bin, [...args, ...flags], { cwd: dir, env: { ...process.env, AGENT_BROWSER_NAMESPACE: `bench${process.pid}` } });
  try {
    const login = await flow('agent-browser', exec, [['open', url], ['snapshot', '-i'], ...loginSteps(ref => `@${ref}`), ['snapshot']]);
    return { login, snapshot: summarize(await timesOf(exec, ['snapshot'], Math.min(runs, 8))) };
  } finally {
    await exec(['close']);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchCli({ runs = 15, log = () => {} } = {}) {
  const server = await serve();
  try {
    log('cli: ariaref...');
    const a = await ours(server.url, runs);
    log('cli: playwright-cli...');
    const p = await playwrightCli(server.url, runs).catch(error => ({ error: String(error) }));
    log('cli: agent-browser...');
    const g = await agentBrowser(server.url, runs).catch(error => ({ error: String(error) }));
    return { ariaref: a, playwrightCli: p, agentBrowser: g };
  } finally {
    await server.close();
  }
}

export function printCli(report) {
  const a = report.ariaref;
  console.log('\nShell CLI: warm command overhead (client start to output, minus the tool\'s own work), ms:');
  printTable(['what', 'median', 'min', 'max'], [
    ['ariaref snapshot overhead', fmtMs(a.overhead.median), fmtMs(a.overhead.min), fmtMs(a.overhead.max)],
    ['ariaref snapshot wall', fmtMs(a.snapshot.median), fmtMs(a.snapshot.min), fmtMs(a.snapshot.max)],
    ['ariaref click wall', fmtMs(a.click.median), fmtMs(a.click.min), fmtMs(a.click.max)],
    ['node -e 0 (floor)', fmtMs(a.bareNode.median), fmtMs(a.bareNode.min), fmtMs(a.bareNode.max)],
    ['overhead above node -e 0', fmtMs(a.overhead.median - a.bareNode.median), '', ''],
    ['ariaref cold first open', fmtMs(a.cold.ms), '', ''],
  ]);
  console.log('\nLogin flow (open, read, fill two fields, click, read the result):');
  const rows = [a.login, report.playwrightCli?.login, report.agentBrowser?.login].filter(Boolean).map(f => [
    f.name, f.commands, f.chars, f.tokens ?? '-', fmtMs(f.wallMs), f.result ? 'yes' : 'NO', f.clickShowsResult ? 'yes' : 'no', f.failed ? 'FAILED' : '',
  ]);
  printTable(['cli', 'commands', 'chars read', 'tokens (o200k)', 'wall ms', 'result seen', 'in click output', ''], rows);
  const warm = [['ariaref', a.snapshot], ['playwright-cli', report.playwrightCli?.snapshot], ['agent-browser', report.agentBrowser?.snapshot]].filter(([, s]) => s?.n);
  if (warm.length > 1) {
    console.log('\nWarm snapshot, wall ms (same run):');
    printTable(['cli', 'median', 'min', 'max'], warm.map(([n, s]) => [n, fmtMs(s.median), fmtMs(s.min), fmtMs(s.max)]));
  }
  for (const [name, side] of [['playwright-cli', report.playwrightCli], ['agent-browser', report.agentBrowser]]) {
    if (!side) console.log(`(${name} not installed: npm install --prefix bench/compare)`);
    else if (side.error) console.log(`(${name} failed: ${side.error.slice(0, 200)})`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).map(a => a.replace(/^--/, '').split('=')));
  const report = await benchCli({ runs: Number(args.runs ?? 15), log: m => console.error(m) });
  printCli(report);
  // The per-command output is kept for reading what each CLI printed.
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/cli-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
}
