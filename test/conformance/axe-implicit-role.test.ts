// axe-core's implicit-role cases (shared/conformance/axe-core/implicit-role.js: 88 `{html, target, role}`),
// each checked in real Chromium against the BUILT runtime: the page gets the case's html as its content,
// then `__ariaref.role(document.querySelector(target))` must equal the expected role. axe-core writes
// `role: null` for elements without a landmark/widget role, where we report HTML-AAM's 'generic':
// generic is compared as null. One vitest test per case, named by index and html snippet.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { runtimeSource } from '../../driver/runtime-source.js';
import { type CaseResult, conformanceDir, withConformancePage } from './harness.js';
import { defineCaseTests } from './define-cases.js';

interface ImplicitRoleCase { html: string; target: string; role: string | null }

/** The data file is CommonJS (`module.exports = [...]`): evaluate it in an empty sandbox, never require it. */
function loadCases(): ImplicitRoleCase[] {
  const source = readFileSync(join(conformanceDir, 'axe-core', 'implicit-role.js'), 'utf8');
  const module = { exports: [] as ImplicitRoleCase[] };
  runInNewContext(source, { module });
  return module.exports;
}

/** In-page: the runtime's role of the target (the runtime is injected again if the new content lost it). */
function roleOfTarget([source, selector]: readonly [string, string]): string | null {
  const g = globalThis as any;
  if (!g.__ariaref) (0, eval)(source);
  const element = document.querySelector(selector);
  if (!element) throw new Error(`no element matches ${selector}`);
  return g.__ariaref.role(element);
}

/**
 * axe-core writes ARIA 1.2's names; `role()` reports the computed role with ARIA 1.3's preferred
 * synonyms (image for img; none, which wai-aria 1.2 already makes the same role as presentation).
 */
function synonym(role: string | null): string | null {
  if (role === 'img') return 'image';
  if (role === 'presentation') return 'none';
  return role;
}

const cases = loadCases();

const results: CaseResult[] = await withConformancePage(async open => {
  const page = await open('/blank.html');
  const out: CaseResult[] = [];
  for (const [index, c] of cases.entries()) {
    await page.setContent(c.html);
    const role = await page.evaluate(roleOfTarget, [runtimeSource(), c.target] as const);
    const snippet = c.html.replace(/\s+/g, ' ').trim();
    out.push({
      id: `#${index} ${snippet.length > 110 ? snippet.slice(0, 107) + '...' : snippet}`,
      expected: String(synonym(c.role)),
      actual: String(role === 'generic' ? null : synonym(role)),
    });
  }
  return out;
});

test('axe-implicit-role: all 88 cases were loaded and run', () => {
  expect(cases.length).toBe(88);
  expect(results.length).toBe(88);
});

defineCaseTests('axe-implicit-role', results);
