// Shared plumbing of the conformance suites: serve the shared WPT data from 127.0.0.1, open pages in
// Chromium with the BUILT runtime (dist/injected.js) and the WPT harness hooks stubbed, record counts.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import { runtimeSource } from '../../driver/runtime-source.js';
import { startLoopbackServer } from '../support/server.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The shared conformance data: read in place, never copied into the repo. */
export const conformanceDir = resolve(repoRoot, '..', 'shared', 'conformance');
export const wptDir = join(conformanceDir, 'wpt');

/** One checked expectation: `id` names the exact case in test titles and in known-failures.ts. */
export interface CaseResult {
  id: string;
  expected: string;
  actual: string;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/** Static file server rooted at `root` on 127.0.0.1 (port 0); missing files (the WPT harness scripts) are 404. */
export async function serveDirectory(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = await startLoopbackServer({
    routes: { '/blank.html': '<!doctype html><html><head></head><body></body></html>' },
    fallback: async (_request, response, path) => {
      const file = resolve(root, '.' + decodeURIComponent(path));
      if (!file.startsWith(root + sep)) { response.writeHead(403).end(); return; }
      try {
        const body = await readFile(file);
        response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    },
  });
  return { origin: server.origin, close: server.close };
}

/**
 * Stand-ins for the WPT hooks the pages call (README "How the WPT pages report their expectations"):
 * `setup()` is a no-op, `new ATTAcomm({steps})` and `AriaUtils.verifyLabelsBySelector(selector)` record
 * what the page wants checked in `window.__conformance`.
 */
const hookStubs = `(() => {
  const record = { steps: [], selectors: [] };
  Object.defineProperty(window, '__conformance', { value: record });
  window.setup = function () {};
  window.ATTAcomm = function (spec) { for (const step of (spec && spec.steps) || []) record.steps.push(step); };
  window.AriaUtils = { verifyLabelsBySelector(selector) { record.selectors.push(selector); } };
})();`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A context whose every page gets the hook stubs and the built runtime before its own scripts. */
export async function conformanceContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(hookStubs);
  await context.addInitScript(runtimeSource());
  return context;
}

/**
 * Runs `collect` with a fresh browser, context and server, always cleaning up. The suites call it at
 * module level so that the cases it finds become one vitest test each.
 */
export async function withConformancePage<T>(
  collect: (open: (path: string) => Promise<import('playwright').Page>, origin: string) => Promise<T>,
): Promise<T> {
  const server = await serveDirectory(wptDir);
  const browser = await launchChromium();
  try {
    const context = await conformanceContext(browser);
    const page = await context.newPage();
    const open = async (path: string) => {
      await page.goto(server.origin + path, { waitUntil: 'load' });
      return page;
    };
    return await collect(open, server.origin);
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * In-page: the expectations a comp_* or shadowdom page registered through verifyLabelsBySelector, with the
 * runtime's names. Runs as one evaluate per page.
 */
export function collectLabelExpectations(): Array<{ testname: string; expected: string; actual: string }> {
  const w = window as any;
  const out: Array<{ testname: string; expected: string; actual: string }> = [];
  for (const selector of w.__conformance.selectors as string[]) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      out.push({
        testname: element.getAttribute('data-testname') ?? '(no data-testname)',
        expected: element.getAttribute('data-expectedlabel') ?? '',
        actual: w.__ariaref.name(element),
      });
    }
  }
  return out;
}

export interface SuiteCounts {
  suite: string;
  passed: number;
  knownFailing: number;
  failed: number;
  total: number;
  /** Unexpected failures, for a quick look without re-running (summary.mjs prints their ids). */
  failures: CaseResult[];
}

/** Counts for `summary.mjs`: passed = unlisted cases that match; knownFailing = listed cases that still fail. */
export function countResults(suite: string, results: CaseResult[], known: ReadonlyMap<string, string>): SuiteCounts {
  let passed = 0, knownFailing = 0;
  const failures: CaseResult[] = [];
  for (const r of results) {
    const ok = r.actual === r.expected;
    if (known.has(r.id)) { if (!ok) knownFailing++; else failures.push(r); }
    else if (ok) passed++;
    else failures.push(r);
  }
  return { suite, passed, knownFailing, failed: failures.length, total: results.length, failures };
}

export async function writeSuiteCounts(counts: SuiteCounts): Promise<void> {
  const dir = join(repoRoot, 'test-results', 'conformance');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${counts.suite}.json`), JSON.stringify(counts, null, 2) + '\n');
}
