// WPT accname manual pages: one expected name or description per step (ATTAcomm `test.ATK` assertions).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type CaseResult, withConformancePage, wptDir } from './harness.js';
import { defineCaseTests } from './define-cases.js';

interface StepCheck { element: string; kind: string; expected: string; actual: string }

/** In-page: every ATK "property name|description is X" assertion the page registered, with our value. */
function collectSteps(): StepCheck[] {
  const w = window as any;
  const out: StepCheck[] = [];
  for (const step of w.__conformance.steps) {
    const element = document.getElementById(step.element);
    for (const assertion of (step.test && step.test.ATK) || []) {
      const [property, kind, operator, expected] = assertion;
      let actual: string;
      if (property !== 'property' || operator !== 'is' || (kind !== 'name' && kind !== 'description'))
        actual = `(unsupported assertion ${JSON.stringify(assertion)})`;
      else if (!element) actual = `(no element #${step.element})`;
      else actual = kind === 'name' ? w.__ariaref.name(element) : w.__ariaref.description(element);
      out.push({ element: step.element, kind: String(kind), expected: String(expected), actual });
    }
  }
  return out;
}

const files = readdirSync(join(wptDir, 'accname', 'manual')).filter(f => f.endsWith('.html')).sort();

const results: CaseResult[] = await withConformancePage(async open => {
  const out: CaseResult[] = [];
  for (const file of files) {
    const page = await open(`/accname/manual/${file}`);
    const checks = await page.evaluate(collectSteps);
    if (!checks.length) out.push({ id: `manual/${file}`, expected: '(at least one expectation)', actual: '(none registered)' });
    for (const check of checks) {
      const suffix = checks.length > 1 ? ` #${check.element} ${check.kind}` : '';
      out.push({ id: `manual/${file}${suffix}`, expected: check.expected, actual: check.actual });
    }
  }
  return out;
});

defineCaseTests('wpt-manual', results);
