// axe-core accessible-text cases: `{html, target, accessibleText}`; `<template shadow>` content goes into an
// open shadow root of the template's parent. All cases run in one page, one evaluate.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { type CaseResult, conformanceDir, withConformancePage } from './harness.js';
import { defineCaseTests } from './define-cases.js';

interface AxeCase { html: string; target: string | string[]; accessibleText: string | string[] }

/** The data file is CommonJS (`module.exports = [...]`): evaluate it in an empty sandbox, never require it. */
function loadCases(): AxeCase[] {
  const source = readFileSync(join(conformanceDir, 'axe-core', 'accessible-text.js'), 'utf8');
  const module = { exports: [] as AxeCase[] };
  runInNewContext(source, { module });
  return module.exports;
}

/** In-page: renders each case into <body>, builds its shadow roots and names each target. */
function nameTargets(cases: Array<{ html: string; targets: string[] }>): string[][] {
  const deepQuery = (root: Document | ShadowRoot, selector: string): Element | null => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const host of Array.from(root.querySelectorAll('*'))) {
      if (!host.shadowRoot) continue;
      const inner = deepQuery(host.shadowRoot, selector);
      if (inner) return inner;
    }
    return null;
  };
  return cases.map(c => {
    document.body.innerHTML = c.html;
    for (const template of Array.from(document.querySelectorAll('template[shadow]'))) {
      const root = template.parentElement!.attachShadow({ mode: 'open' });
      root.appendChild((template as HTMLTemplateElement).content);
      template.remove();
    }
    return c.targets.map(selector => {
      const element = deepQuery(document, selector);
      return element ? (window as any).__ariaref.name(element) : `(no element matches ${selector})`;
    });
  });
}

const cases = loadCases();
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const prepared = cases.map(c => ({ html: c.html, targets: list(c.target), expected: list(c.accessibleText) }));

const results: CaseResult[] = await withConformancePage(async open => {
  const page = await open('/blank.html');
  const names = await page.evaluate(nameTargets, prepared.map(({ html, targets }) => ({ html, targets })));
  return prepared.flatMap((c, i) => c.targets.map((target, j) => ({
    id: `axe#${i} ${target}`,
    expected: c.expected[j] ?? '(missing expectation)',
    actual: names[i][j],
  })));
});

defineCaseTests('axe-accessible-text', results);
