// Prints the conformance table from the counts each suite wrote in its afterAll
// (test-results/conformance/<suite>.json): suite, passed, known-failing, total.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results', 'conformance');
const order = ['wpt-manual', 'wpt-comp', 'wpt-shadowdom', 'wpt-aam', 'axe-accessible-text', 'axe-implicit-role'];
const files = existsSync(dir) ? readdirSync(dir).filter(f => f.endsWith('.json')) : [];
if (!files.length) {
  console.log('No conformance results found; run `npm run conformance`.');
  process.exit(1);
}
const rows = files
  .map(f => JSON.parse(readFileSync(join(dir, f), 'utf8')))
  .sort((a, b) => (order.indexOf(a.suite) + 1 || 99) - (order.indexOf(b.suite) + 1 || 99));

const header = ['suite', 'passed', 'known-failing', 'failed', 'total'];
const table = [header, ...rows.map(r => [r.suite, r.passed, r.knownFailing, r.failed, r.total].map(String))];
const widths = header.map((_, i) => Math.max(...table.map(row => row[i].length)));
const line = row => row.map((cell, i) => (i ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
console.log(line(table[0]));
console.log(widths.map(w => '-'.repeat(w)).join('  '));
for (const row of table.slice(1)) console.log(line(row));

// wpt-aam.test.ts also answers its checks with Chromium's computed role/label and Playwright's snapshot.
const compareFile = join(dir, 'wpt-aam.compare');
if (existsSync(compareFile)) {
  const { counts } = JSON.parse(readFileSync(compareFile, 'utf8'));
  console.log('\nwpt-aam checks passed (roles / names):');
  for (const [who, c] of Object.entries(counts))
    console.log(`  ${who.padEnd(10)}  ${c.roles?.passed ?? 0}/${c.roles?.total ?? 0}  ${c.names?.passed ?? 0}/${c.names?.total ?? 0}`);
}

const unexpected = rows.flatMap(r => (r.failures ?? []).map(f => `${r.suite}: ${f.id}`));
if (unexpected.length) {
  console.log(`\n${unexpected.length} unexpected result(s):`);
  for (const id of unexpected.slice(0, 15)) console.log(`  ${id}`);
  if (unexpected.length > 15) console.log(`  ... and ${unexpected.length - 15} more (see test-results/conformance/*.json)`);
  process.exitCode = 1;
}
