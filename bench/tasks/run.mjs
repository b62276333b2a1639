// Task bench: the scripted agent (agent.mjs) does sixteen tasks (tasks.mjs) on apps built from real
// widget libraries (apps/, bundled by build.mjs), once through ariaref's MCP server and once through
// Playwright MCP 0.0.83, both over stdio with the same browser flags. Each task is judged by the
// state the page posted (server.mjs), never by an answer. Reported per task: passed, calls,
// characters and o200k tokens read; totals per library and over the set.
//
//   node bench/tasks/run.mjs [--only=rac-menu,grid-filter-sort] [--side=ariaref|pw] [--ariaref=path/to/cli/main.js]
//   (also run by bench/run.mjs; --ariaref measures another build of ariaref than dist/)
//
// Writes bench/results/tasks-latest.json; every answer in full goes to bench/results/tasks-answers.log.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { apps, builtApps, compareModules } from './build.mjs';
import { serveTasks } from './server.mjs';
import { recorder, runSteps } from './agent.mjs';
import { families, tasks } from './tasks.mjs';
import { printTasks } from './report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const BROWSER = process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium';
const FLAGS = ['--executable-path', BROWSER, '--headless', '--no-sandbox', '--isolated', '--viewport-size', '1280x720'];
/** How long the page may take to post the state an action led to (debounced filters, a fetch). */
const JUDGE_MS = 3000;

export const sides = {
  ariaref: { label: 'ariaref', args: [join(root, 'dist/driver/cli/main.js'), 'mcp'] },
  pw: { label: 'Playwright MCP 0.0.83', args: [join(root, 'node_modules/@playwright/mcp/cli.js')] },
};

let countTokens;
try {
  ({ countTokens } = await import(pathToFileURL(join(compareModules, 'gpt-tokenizer/esm/encoding/o200k_base.js')).href));
} catch { /* characters only */ }

async function judge(server, path, done, withinMs) {
  const until = performance.now() + withinMs;
  for (;;) {
    const state = server.state(path);
    if (state && done(state)) return { passed: true, state };
    if (performance.now() > until) return { passed: false, state };
    await new Promise(r => setTimeout(r, 100));
  }
}

async function runSide(side, serverArgs, list, server, transcript, log) {
  const cwd = mkdtempSync(join(tmpdir(), `tasks-${side}-`));
  const client = new Client({ name: 'ariaref-task-bench', version: '0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [...serverArgs, ...FLAGS], cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', chunk => { stderr = (stderr + chunk).slice(-2000); });
  try {
    await client.connect(transport);
  } catch (error) {
    rmSync(cwd, { recursive: true, force: true });
    throw new Error(`${sides[side].label} did not start (${error.message}); its stderr:\n${stderr}\nBuild it first (npm run build) or check the path given to --ariaref.`);
  }
  const results = [];
  try {
    for (const task of list) {
      const path = `/${task.app}/${task.id}`;
      server.clear(path);
      const { call, calls } = recorder(client, countTokens, (tool, args, text) => transcript(side, task.id, tool, args, text));
      const started = performance.now();
      let outcome;
      try {
        outcome = await runSteps(task, server.origin + path, call);
      } catch (error) {
        outcome = { ok: false, failure: { step: '(agent)', error: String(error?.stack ?? error).slice(0, 600) } };
      }
      // An agent that gave up left nothing in flight: a short look at the state is enough.
      const verdict = await judge(server, path, task.done, outcome.ok ? JUDGE_MS : 500);
      const sum = key => calls.reduce((n, c) => n + (c[key] ?? 0), 0);
      const result = {
        task: task.id, app: task.app, passed: verdict.passed, calls: calls.length, chars: sum('chars'),
        tokens: countTokens ? sum('tokens') : undefined, ms: Math.round(performance.now() - started),
        failure: verdict.passed ? undefined : outcome.failure ?? { step: '(judge)', error: 'all steps answered without error, but the page state does not show the task done' },
        state: verdict.state, detail: calls,
      };
      results.push(result);
      log(`  ${side} ${task.id}: ${result.passed ? 'passed' : 'FAILED'} ${result.calls} calls ${result.chars} chars ${result.ms} ms`);
    }
  } finally {
    await client.close().catch(() => {});
    rmSync(cwd, { recursive: true, force: true });
  }
  return results;
}

/** Builds the apps, serves them, runs every task on both servers. */
export async function benchTasks({ only, side, ariaref, log = () => {} } = {}) {
  const serverArgs = s => (s === 'ariaref' && ariaref ? [ariaref, 'mcp'] : sides[s].args);
  const list = tasks.filter(t => !only || only.includes(t.id) || only.includes(t.app));
  const logFile = join(root, 'bench/results/tasks-answers.log');
  mkdirSync(dirname(logFile), { recursive: true });
  writeFileSync(logFile, `task bench answers, ${new Date().toISOString()}\n`);
  const transcript = (s, id, tool, args, text) =>
    appendFileSync(logFile, `\n===== ${s} ${id} ${tool} ${JSON.stringify(args)} (${text.length} chars)\n${text}\n`);
  const started = Date.now();
  let server;
  try {
    log('tasks: building the apps...');
    server = await serveTasks(await builtApps(), apps);
    const commit = (() => { try { return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(); } catch { return undefined; } })();
    const machine = { commit, ariaref: serverArgs('ariaref')[0], cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, loadAverage: os.loadavg().map(l => +l.toFixed(1)) };
    const report = { date: new Date(started).toISOString(), machine, families, tasks: list.map(t => ({ id: t.id, app: t.app, goal: t.goal })), sides: {} };
    for (const s of side ? [side] : Object.keys(sides)) {
      log(`tasks: ${sides[s].label}...`);
      report.sides[s] = await runSide(s, serverArgs(s), list, server, transcript, log);
    }
    report.durationS = Math.round((Date.now() - started) / 1000);
    return report;
  } finally {
    await server?.close();
  }
}

/** Runs the task bench, prints its tables, writes bench/results/tasks-latest.json; returns the report. */
export async function runTaskBench(options = {}) {
  const report = await benchTasks(options);
  printTasks(report);
  writeFileSync(join(root, 'bench/results/tasks-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote bench/results/tasks-latest.json, every answer in bench/results/tasks-answers.log (${report.durationS}s)`);
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).map(a => a.replace(/^--/, '').split('=')));
  await runTaskBench({ only: args.only?.split(','), side: args.side, ariaref: args.ariaref, log: m => console.error(m) });
}
