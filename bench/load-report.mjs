// Tables of the load bench (bench/load.mjs), in the bench's style, with issue 22's targets marked.
import { percentile, ratio, fmtMs, fmtRatio, printTable } from './stats.mjs';
import { flowToolKeys } from './load-flow.mjs';

export const LOAD_TARGETS = { sessions: 24, killedReleaseMs: 10_000, rssGrowth: 2 };

const NAMES = { ariaref: 'ariaref', playwright: 'Playwright MCP' };

/** p50/p95 per tool of a phase, over every client and round (successful calls only). */
export function toolStats(phase) {
  const keys = ['connect', ...flowToolKeys(), 'close (DELETE)'];
  const rows = Object.fromEntries(keys.map(key => {
    const t = phase.tools[key] ?? { times: [], failed: 0 };
    return [key, { n: t.times.length, failed: t.failed, p50: percentile(t.times, 0.5), p95: percentile(t.times, 0.95) }];
  }));
  rows['whole flow'] = { n: phase.flowMs.length, failed: 0, p50: percentile(phase.flowMs, 0.5), p95: percentile(phase.flowMs, 0.95) };
  return rows;
}

const cell = s => (s ? `${s.renderers} r, ${s.serverRssMiB} MiB` : '-');
const trio = (phase, key) => `${phase.before?.[key] ?? '-'} / ${phase.peak?.[key] ?? '-'} / ${phase.after?.[key] ?? '-'}`;
const seconds = ms => (typeof ms === 'number' ? (ms / 1000).toFixed(1) : '-');

/**
 * Whether the rounds ended where the server began: renderers at the fresh server's count, its RSS
 * within 2x of the fresh server's (the baseline is the start, so that a leak of the earlier phases counts too).
 */
export function roundsVerdict(phase, start) {
  const back = phase.after.renderers <= start.renderers;
  const rssRatio = ratio(phase.after.serverRssMiB, start.serverRssMiB);
  return { renderersBack: back, rssRatio, rssOk: rssRatio !== undefined && rssRatio <= LOAD_TARGETS.rssGrowth };
}

export function printLoad(report) {
  const m = report.machine;
  const v = report.versions;
  const [ours, pw] = [report.servers.ariaref, report.servers.playwright];
  console.log(`\nLoad: ariaref ${v.ariaref} vs Playwright MCP ${v.playwright} over Streamable HTTP (SDK clients with the GET event stream), `
    + `${m.cpu} x${m.cores}; ${report.config.flowCalls}-call flow per client, servers taking turns (${report.durationS}s)`);
  const load = [m.loadAverageAtStart?.[0], m.loadAverageAtEnd?.[0]];
  console.log(`Machine load average (1 min) at start / end: ${load.join(' / ')} on ${m.cores} cores${load.some(l => l > 2 * m.cores) ? ': busy, absolute times are inflated; compare the two servers' : ''}`);
  if (report.aa) console.log('A/A RUN: the "Playwright MCP" columns are a second ariaref server, the same build: every ratio below is noise');
  if (report.dryRun) console.log(`DRY RUN: ariaref started with ${JSON.stringify(report.dryRun)}; not the default server`);
  if (report.source.distStale) console.log('WARNING: dist/ was older than driver/: these numbers are of an earlier build');
  if (report.source.uncommittedDriverFiles.length) console.log(`(ariaref built from ${report.source.commit} and ${report.source.uncommittedDriverFiles.length} uncommitted driver files, listed in the JSON)`);

  ours.phases.forEach((phase, i) => {
    const other = pw.phases[i];
    const a = toolStats(phase);
    const b = toolStats(other);
    const over = phase.kind === 'rounds' ? 'every round' : `all clients of ${phase.rounds} runs${phase.kind === 'together' ? ', the two servers running at the same time' : ''}`;
    console.log(`\n${phase.name}${phase.kind === 'concurrent' ? ' concurrent sessions' : ''}: latency per tool, ms (p50 / p95 over ${over}; failed calls):`);
    printTable(['tool', 'ariaref p50', 'p95', 'failed', 'Playwright MCP p50', 'p95', 'failed', 'p95 ours/pw'],
      Object.keys(a).map(key => {
        const r = ratio(a[key].p95, b[key].p95);
        return [key, fmtMs(a[key].p50), fmtMs(a[key].p95), a[key].failed, fmtMs(b[key].p50), fmtMs(b[key].p95), b[key].failed,
          r === undefined ? '-' : `${fmtRatio(r)}${key === 'whole flow' || key === 'connect' || key === 'close (DELETE)' ? '' : r <= 1 ? ' ok' : ' MISS'}`];
      }));
  });

  console.log('\nPer phase: calls failed, cross-talk, wall time per round, and the server\'s process tree (before / peak / after; after = once renderers settle, at most 5 s):');
  printTable(['phase', 'server', 'calls', 'failed', 'cross-talk', 'wall s', 'renderers', 'server RSS MiB', 'tree RSS MiB'],
    ours.phases.flatMap((phase, i) => [['ariaref', phase], ['playwright', pw.phases[i]]].map(([side, p]) => [
      p.name, NAMES[side], p.calls, p.failed, p.crossTalk, p.wallMs.map(seconds).join(', '),
      trio(p, 'renderers'), trio(p, 'serverRssMiB'), trio(p, 'treeRssMiB'),
    ])));

  const roundsIndex = ours.phases.findIndex(p => p.kind === 'rounds');
  if (roundsIndex >= 0) {
    const n = ours.phases[roundsIndex].rounds;
    console.log(`\nOpen-run-close rounds: renderers and server RSS before and after each round (target: renderers back to the fresh server's, RSS ≤${LOAD_TARGETS.rssGrowth}x its start):`);
    printTable(['server', 'server start', 'before round 1', ...Array.from({ length: n }, (_, i) => `after round ${i + 1}`), 'renderers back', 'RSS after/start'],
      [['ariaref', ours], ['playwright', pw]].map(([side, s]) => {
        const p = s.phases[roundsIndex];
        const verdict = roundsVerdict(p, s.start);
        return [NAMES[side], cell(s.start), cell(p.before), ...p.afterRounds.map(cell), verdict.renderersBack ? 'yes ok' : 'NO MISS',
          `${fmtRatio(verdict.rssRatio)}${verdict.rssOk ? ' ok' : ' MISS'}`];
      }));
  }

  const failureRows = [];
  for (const [side, s] of [['ariaref', ours], ['playwright', pw]]) {
    for (const p of s.phases) {
      for (const [reason, count] of Object.entries({ ...p.failures, ...p.sessionFailures }).sort((x, y) => y[1] - x[1]))
        failureRows.push([p.name, NAMES[side], count, reason]);
      for (const sample of p.crossSamples) failureRows.push([p.name, NAMES[side], '', `cross-talk: ${sample}`]);
    }
  }
  if (failureRows.length) {
    console.log('\nFailures by reason (calls; connect and close failures listed too, not counted as calls):');
    printTable(['phase', 'server', 'count', 'reason'], failureRows);
  }

  console.log(`\nKilled client (SIGKILL after navigate, event stream open; target: released within ${LOAD_TARGETS.killedReleaseMs / 1000} s, waited at most ${report.config.killedWaitMs / 1000} s):`);
  printTable(['server', 'renderers before / with client / after', "'delete http session' after s", 'renderers back after s', ''],
    [['ariaref', ours.killed], ['playwright', pw.killed]].map(([side, k]) => k?.error ? [NAMES[side], '-', '-', '-', k.error] : [
      NAMES[side], `${k.before.renderers} / ${k.withClient.renderers} / ${k.after.renderers}`,
      k.releasedMs === undefined ? 'never' : k.releasedMs < 0 ? `${seconds(k.releasedMs)} (dropped before the kill)` : seconds(k.releasedMs),
      k.renderersBackMs === undefined ? 'never' : seconds(k.renderersBackMs),
      killedOk(k) ? 'ok' : 'MISS',
    ]));

  printTargets(report);
}

const killedOk = k => !k?.error && k.releasedMs !== undefined && k.releasedMs >= 0 && k.releasedMs <= LOAD_TARGETS.killedReleaseMs
  && k.renderersBackMs !== undefined && k.renderersBackMs <= LOAD_TARGETS.killedReleaseMs;

/** Issue 22's targets for ariaref, each judged on this run. */
export function targets(report) {
  const ours = report.servers.ariaref;
  const pw = report.servers.playwright;
  const concurrent = ours.phases.filter(p => p.kind === 'concurrent');
  const biggest = concurrent.find(p => p.k >= LOAD_TARGETS.sessions) ?? concurrent.at(-1);
  const slower = [];
  ours.phases.forEach((phase, i) => {
    const a = toolStats(phase);
    const b = toolStats(pw.phases[i]);
    for (const key of flowToolKeys()) {
      const r = ratio(a[key].p95, b[key].p95);
      if (r > 1) slower.push({ what: `${phase.name} ${key}`, r });
    }
  });
  const compared = ours.phases.length * flowToolKeys().length;
  const worst = slower.sort((x, y) => y.r - x.r).slice(0, 3).map(s => `${s.what} ${fmtRatio(s.r)}`).join(', ');
  const rounds = ours.phases.find(p => p.kind === 'rounds');
  const verdict = rounds && roundsVerdict(rounds, ours.start);
  return [
    [`${biggest?.name}: 0 failed calls`, `${biggest?.failed} of ${biggest?.calls} failed`, biggest?.failed === 0 && biggest.calls > 0],
    ['no cross-talk', `${ours.phases.reduce((n, p) => n + p.crossTalk, 0)} answers showed another client's page`, ours.phases.every(p => p.crossTalk === 0)],
    ["p95 of every tool ≤ Playwright MCP's", slower.length ? `${slower.length} of ${compared} slower; worst: ${worst}` : `all ${compared}`, slower.length === 0],
    ['after the rounds: renderers back to baseline', verdict ? `${ours.start.renderers} at start → ${rounds.after.renderers}` : '-', !!verdict?.renderersBack],
    [`after the rounds: server RSS ≤${LOAD_TARGETS.rssGrowth}x baseline`, verdict ? `${ours.start.serverRssMiB} at start → ${rounds.after.serverRssMiB} MiB (${fmtRatio(verdict.rssRatio)})` : '-', !!verdict?.rssOk],
    [`killed client released ≤${LOAD_TARGETS.killedReleaseMs / 1000} s`, ours.killed?.error ?? `session ${seconds(ours.killed?.releasedMs)} s, renderers ${seconds(ours.killed?.renderersBackMs)} s`, killedOk(ours.killed)],
  ];
}

function printTargets(report) {
  console.log('\nTargets (issue 22), ariaref in this run:');
  printTable(['target', 'measured', ''], targets(report).map(([what, measured, ok]) => [what, measured, ok ? 'ok' : 'MISS']));
}
