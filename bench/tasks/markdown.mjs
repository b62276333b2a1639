// The README's task tables from the latest run: node bench/tasks/markdown.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeTasks } from './report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const report = JSON.parse(readFileSync(join(root, 'bench/results/tasks-latest.json'), 'utf8'));
const n = value => (value === undefined ? '–' : Number(value).toLocaleString('en-US'));
const x = value => (value === undefined ? '–' : `${value.toFixed(2)}x`);
const ratio = (a, b) => (a === undefined || !b ? undefined : a / b);

const ours = new Map(report.sides.ariaref.map(r => [r.task, r]));
const pw = new Map((report.sides.pw ?? []).map(r => [r.task, r]));
const lines = [
  '| task | ariaref: passed, calls, chars (tokens) | Playwright MCP: passed, calls, chars (tokens) | chars ariaref/PW |',
  '|---|---|---|---|',
];
const cell = r => (r ? `${r.passed ? 'yes' : 'no'}, ${r.calls}, ${n(r.chars)} (${n(r.tokens)})` : '–');
for (const task of report.tasks) lines.push(`| ${task.id} | ${cell(ours.get(task.id))} | ${cell(pw.get(task.id))} | ${x(ratio(ours.get(task.id)?.chars, pw.get(task.id)?.chars))} |`);
lines.push('', '| library | ariaref: passed, calls, chars | Playwright MCP: passed, calls, chars | calls ariaref/PW | chars ariaref/PW |', '|---|---|---|---|---|');
const sum = t => (t ? `${t.passed}/${t.n}, ${t.calls}, ${n(t.chars)}` : '–');
for (const g of summarizeTasks(report)) lines.push(`| ${g.name === 'all' ? '**all tasks**' : report.families[g.name] ?? g.name} | ${sum(g.ours)} | ${sum(g.pw)} | ${x(g.callsRatio)} | ${x(g.charsRatio)} |`);
console.log(lines.join('\n'));
