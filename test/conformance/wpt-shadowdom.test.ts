// WPT accname/name/shadowdom/*.html: names across open shadow roots and slots (never ran in Playwright's suite).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type CaseResult, collectLabelExpectations, withConformancePage, wptDir } from './harness.js';
import { defineCaseTests } from './define-cases.js';

const files = readdirSync(join(wptDir, 'accname', 'name', 'shadowdom')).filter(f => f.endsWith('.html')).sort();

const results: CaseResult[] = await withConformancePage(async open => {
  const out: CaseResult[] = [];
  for (const file of files) {
    const page = await open(`/accname/name/shadowdom/${file}`);
    const checks = await page.evaluate(collectLabelExpectations);
    if (!checks.length) out.push({ id: `shadowdom/${file}`, expected: '(at least one expectation)', actual: '(none registered)' });
    for (const check of checks) out.push({ id: `shadowdom/${file}: ${check.testname}`, expected: check.expected, actual: check.actual });
  }
  return out;
});

defineCaseTests('wpt-shadowdom', results);
