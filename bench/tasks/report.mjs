// Tables of the task bench, in the style of bench/stats.mjs: per task side by side, per library,
// over the whole set, where the characters went, and each failure with what the agent saw.
import { fmtRatio, printTable, ratio } from '../stats.mjs';

const total = (rows, key) => rows.reduce((n, r) => n + (r[key] ?? 0), 0);

function cells(r) {
  if (!r) return ['-', '-', '-', '-'];
  return [r.passed ? 'yes' : 'NO', r.calls, r.chars, r.tokens ?? '-'];
}

function totals(rows) {
  if (!rows?.length) return undefined;
  return { passed: rows.filter(r => r.passed).length, n: rows.length, calls: total(rows, 'calls'), chars: total(rows, 'chars'), tokens: rows.some(r => r.tokens !== undefined) ? total(rows, 'tokens') : undefined };
}

const sumCells = t => !t ? ['-', '-', '-', '-'] : [`${t.passed}/${t.n}`, t.calls, t.chars, t.tokens ?? '-'];

/** Per family and over the set: { name, ours, pw, charsRatio, callsRatio }. */
export function summarizeTasks(report) {
  const ours = report.sides.ariaref ?? [];
  const pw = report.sides.pw ?? [];
  const groups = [...new Set(report.tasks.map(t => t.app))].map(app => ({ name: app, ours: totals(ours.filter(r => r.app === app)), pw: totals(pw.filter(r => r.app === app)) }));
  groups.push({ name: 'all', ours: totals(ours), pw: totals(pw) });
  for (const g of groups) {
    g.charsRatio = ratio(g.ours?.chars, g.pw?.chars);
    g.callsRatio = ratio(g.ours?.calls, g.pw?.calls);
  }
  return groups;
}

/** Characters per answer section (and snapshot kind) over every call of one side. */
function sectionTotals(rows) {
  const sizes = {};
  for (const call of rows.flatMap(r => r.detail ?? [])) {
    for (const [name, chars] of Object.entries(call.sections)) {
      const key = name === 'Snapshot' ? `Snapshot (${call.snapshot})` : name;
      sizes[key] = (sizes[key] ?? 0) + chars;
    }
  }
  return sizes;
}

export function printTasks(report) {
  const ours = new Map((report.sides.ariaref ?? []).map(r => [r.task, r]));
  const pw = new Map((report.sides.pw ?? []).map(r => [r.task, r]));
  console.log(`\nTasks: the same scripted agent on ariaref and Playwright MCP 0.0.83 (answers read: characters, o200k tokens; judged by page state):`);
  printTable(
    ['task', 'goal', 'ariaref passed', 'calls', 'chars', 'tokens', 'PW passed', 'calls', 'chars', 'tokens', 'chars ariaref/PW'],
    report.tasks.map(t => [t.id, t.goal, ...cells(ours.get(t.id)), ...cells(pw.get(t.id)), fmtRatio(ratio(ours.get(t.id)?.chars, pw.get(t.id)?.chars))]));

  console.log('\nPer library and over the set:');
  printTable(
    ['library', 'ariaref passed', 'calls', 'chars', 'tokens', 'PW passed', 'calls', 'chars', 'tokens', 'calls ariaref/PW', 'chars ariaref/PW'],
    summarizeTasks(report).map(g => [g.name === 'all' ? 'all tasks' : report.families[g.name] ?? g.name, ...sumCells(g.ours), ...sumCells(g.pw), fmtRatio(g.callsRatio), fmtRatio(g.charsRatio)]));

  const sections = Object.fromEntries(Object.entries(report.sides).map(([s, rows]) => [s, sectionTotals(rows)]));
  const names = [...new Set(Object.values(sections).flatMap(Object.keys))].sort((a, b) => (sections.ariaref?.[b] ?? 0) - (sections.ariaref?.[a] ?? 0));
  console.log('\nWhere the characters went (answer sections over all calls; snapshot by kind: full, diff, link = file only):');
  printTable(['section', 'ariaref chars', 'PW chars'], names.map(n => [n, sections.ariaref?.[n] ?? 0, sections.pw?.[n] ?? 0]));

  const failures = Object.entries(report.sides).flatMap(([s, rows]) => rows.filter(r => !r.passed).map(r => ({ side: s, ...r })));
  if (failures.length) {
    console.log('\nFailures (what the agent saw):');
    for (const f of failures) console.log(`  ${f.side} ${f.task}: ${f.failure?.step}: ${f.failure?.error?.replace(/\n/g, '\n      ')}`);
  }
}
