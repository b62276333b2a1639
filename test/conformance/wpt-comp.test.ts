// WPT accname/name/comp_*.html: every element matched by the page's verifyLabelsBySelector() call
// carries data-expectedlabel (expected name) and data-testname.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type CaseResult, collectLabelExpectations, withConformancePage, wptDir } from './harness.js';
import { defineCaseTests } from './define-cases.js';

const files = readdirSync(join(wptDir, 'accname', 'name')).filter(f => /^comp_.*\.html$/.test(f)).sort();

const results: CaseResult[] = await withConformancePage(async open => {
  const out: CaseResult[] = [];
  for (const file of files) {
    const page = await open(`/accname/name/${file}`);
    const checks = await page.evaluate(collectLabelExpectations);
    if (!checks.length) out.push({ id: `${file}`, expected: '(at least one expectation)', actual: '(none registered)' });
    for (const check of checks) out.push({ id: `${file}: ${check.testname}`, expected: check.expected, actual: check.actual });
  }
  return out;
});

defineCaseTests('wpt-comp', results);
