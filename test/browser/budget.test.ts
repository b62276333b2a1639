// Token budget, paging and find through the real runtime in Chromium: a folded snapshot fits the
// budget, and following its fold lines reaches every ref of the full snapshot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright';
import type { FindResult, SnapshotOptions } from '../../injected/types.js';
import { parseFoldLine } from '../../injected/fold/fold.js';
// @ts-expect-error plain ESM module without types (the benchmark's page generators)
import { deep, form, table } from '../../bench/pages.mjs';
import { launchChromium, runtimeContext } from '../support/browser.js';

/** A long page of sections with alternating roles (nothing for the run fold), taller than the viewport. */
function article(parts: number): string {
  const tags = ['section', 'article', 'aside', 'nav'];
  const body: string[] = [];
  for (let i = 0; i < parts; i++) {
    const tag = tags[i % tags.length];
    body.push(`<${tag} aria-label="Part ${i}"><h2>Heading ${i}</h2><p>${`Paragraph text of part ${i}. `.repeat(30)}</p>` +
      `<a href="/p/${i}">Read more ${i}</a><ul><li>Note ${i}</li></ul></${tag}>`);
  }
  return `<!doctype html><title>Article</title><main>${body.join('')}</main>`;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  const context = await runtimeContext(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

const snap = (options: SnapshotOptions) =>
  page.evaluate(o => (globalThis as any).__ariaref.snapshot(o).yaml as string, options);

const refsOf = (yaml: string) => new Set([...yaml.matchAll(/\[ref=([a-z0-9]+)\]/g)].map(m => m[1]));

/** Snapshot options named by the fold lines of a YAML snapshot. */
function foldHints(yaml: string): Array<{ rootRef?: string; offset?: number }> {
  const hints = [];
  for (const match of yaml.matchAll(/- (?:[^\n]*\]: |text: )"(… [^"\n]*)"/g)) {
    const hint = parseFoldLine(match[1]);
    if (hint) hints.push(hint);
  }
  return hints;
}

async function reachable(budgetTokens: number): Promise<Set<string>> {
  const refs = new Set<string>();
  const seen = new Set<string>();
  const queue: Array<{ rootRef?: string; offset?: number }> = [{}];
  while (queue.length) {
    const hint = queue.shift()!;
    const key = `${hint.rootRef}|${hint.offset}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const yaml = await snap({ ...hint, budgetTokens });
    for (const ref of refsOf(yaml)) refs.add(ref);
    queue.push(...foldHints(yaml));
  }
  return refs;
}

describe('budgeted snapshots in Chromium', () => {
  it('fold a 1,000-row table under budget with an actionable fold line', async () => {
    await page.setContent(table(1000));
    const full = await snap({});
    const folded = await snap({ budgetTokens: 2000 });
    expect(full.length).toBeGreaterThan(8000);
    expect(folded.length).toBeLessThanOrEqual(8000);
    expect(folded).toMatch(/more rows folded: snapshot with ref=e\d+ offset=\d+/);
    // The same refs as the full snapshot for what it shows.
    const fullRefs = refsOf(full);
    for (const ref of refsOf(folded)) expect(fullRefs.has(ref)).toBe(true);
  });

  it('fold regions outside the viewport, and follow the viewport when it scrolls', async () => {
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.setContent(article(30));
    const top = await snap({ budgetTokens: 2000 });
    expect(top.length).toBeLessThanOrEqual(8000);
    expect(top).toContain('link "Read more 0"');
    expect(top).toMatch(/"Part 29" \[ref=(e\d+)\]: "… \d+ nodes off-screen, 1 interactive: snapshot with ref=\1"/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bottom = await snap({ budgetTokens: 2000 });
    expect(bottom).toContain('link "Read more 29"');
    // Folded with its outline (its heading) where that fits the budget.
    expect(bottom).toMatch(/"Part 0" \[ref=(e\d+)\]:\n\s+- heading "Heading 0" \[level=2\] \[ref=e\d+\]\n\s+- text: "… \d+ nodes off-screen, 1 interactive: snapshot with ref=\1"/);
    // Without a budget problem nothing folds, whatever the position.
    expect(await snap({ budgetTokens: 100_000 })).not.toContain('off-screen');
  });

  it('reach every ref of the full snapshot by following fold lines', async () => {
    for (const html of [table(80), form(80), deep(200), article(30)]) {
      await page.setContent(html);
      const all = refsOf(await snap({}));
      const seen = await reachable(400);
      expect([...all].filter(ref => !seen.has(ref))).toEqual([]);
    }
  });

  it('page the children of a root ref with offset and limit', async () => {
    await page.setContent(table(50));
    const full = await snap({});
    // The rows sit directly under the table (a bare <tbody> is not shown), after the <thead> rowgroup.
    const rowgroup = /- table "Orders" \[ref=(e\d+)\]:\n\s+- rowgroup/.exec(full)![1];
    const paged = await snap({ rootRef: rowgroup, offset: 11, limit: 3 });
    expect(paged).toContain(`earlier items: snapshot with ref=${rowgroup} offset=0`);
    expect(paged).toContain('cell "Order 11"');
    expect(paged).toContain('cell "Order 13"');
    expect(paged).not.toContain('cell "Order 14"');
    expect(paged).toContain(`… 37 more items: snapshot with ref=${rowgroup} offset=14`);
  });

  it('find by role and name returns the ref and its path', async () => {
    await page.setContent(table(200));
    const result = await page.evaluate(() => (globalThis as any).__ariaref.find({ role: 'button', name: 'Delete 142' }) as FindResult);
    expect(result.total).toBe(1);
    expect(result.matches[0].path).toMatch(/^main > table "Orders" > row "Order 142[^"]*" > cell "Delete 142" > button "Delete 142" \[ref=e\d+\]$/);
    const ref = result.matches[0].ref!;
    const label = await page.evaluate(r => (globalThis as any).__ariaref.resolve(r).textContent, ref);
    expect(label).toBe('Delete 142');
  });
});
