// Turns collected conformance results into one vitest test per expectation.
import { afterAll, expect, test } from 'vitest';
import { type CaseResult, countResults, writeSuiteCounts } from './harness.js';
import { type SuiteName, knownFailuresOf } from './known-failures.js';

export function defineCaseTests(suite: SuiteName, results: CaseResult[]): void {
  const known = knownFailuresOf(suite);
  const ids = new Set(results.map(r => r.id));

  test(`${suite}: case ids are unique and every known failure names an existing case`, () => {
    expect(ids.size).toBe(results.length);
    expect([...known.keys()].filter(id => !ids.has(id))).toEqual([]);
  });

  for (const r of results) {
    const reason = known.get(r.id);
    if (reason !== undefined) {
      test(`[known failure] ${r.id}`, () => {
        // Still failing, as listed. When this assertion breaks, the case passes: remove it from known-failures.ts.
        expect(r.actual, `now passes; remove from known-failures.ts (reason was: ${reason})`).not.toBe(r.expected);
      });
    } else {
      test(r.id, () => {
        expect(r.actual).toBe(r.expected);
      });
    }
  }

  afterAll(async () => {
    await writeSuiteCounts(countResults(suite, results, known));
  });
}
