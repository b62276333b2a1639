// WPT wai-aria/role and html-aam pages (vendored under wpt-aam/, BSD-3, see wpt-aam/README.md): every
// computed-role and computed-label check the pages register, answered by our runtime. The same checks
// are answered by Chromium (Blink's computedRole/computedName) and by Playwright's ariaSnapshot, and the
// three counts go to test-results/conformance/wpt-aam-compare.json (summary.mjs prints them).
import { mkdir, writeFile } from 'node:fs/promises';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { runtimeSource } from '../../driver/runtime-source.js';
import { type CaseResult, repoRoot, serveDirectory } from './harness.js';
import { defineCaseTests } from './define-cases.js';
import { type AamCheck, aamStubs, playwrightInfoFromSnapshot } from './wpt-aam-harness.js';
import { CHROMIUM_ARGS } from '../support/browser.js';

const root = join(dirname(fileURLToPath(import.meta.url)), 'wpt-aam');

function pages(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...pages(path));
    else if (entry.endsWith('.html')) out.push('/' + relative(root, path).split('\\').join('/'));
  }
  return out;
}

type Provider = 'ours' | 'chromium' | 'playwright';
const providers: Provider[] = ['ours', 'chromium', 'playwright'];

const byProvider = new Map<Provider, Map<string, AamCheck>>(providers.map(p => [p, new Map()]));

const server = await serveDirectory(root);
const browser = await chromium.launch({
  executablePath: process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, '--enable-blink-features=ComputedAccessibilityInfo'],
});
try {
  const context = await browser.newContext();
  await context.addInitScript(aamStubs);
  // ARIAREF_RUNTIME_FILE: measure another build of the runtime (an older revision, for before/after).
  const runtimeFile = process.env.ARIAREF_RUNTIME_FILE;
  await context.addInitScript(runtimeFile ? readFileSync(runtimeFile, 'utf8') : runtimeSource());
  const page = await context.newPage();
  await page.exposeFunction('__pwInfo', async (id: number) => {
    const yaml = await page.locator(`[data-wpt-el="${id}"]`).ariaSnapshot({ timeout: 5000 }).catch(() => '');
    return playwrightInfoFromSnapshot(yaml);
  });
  for (const path of pages(root)) {
    await page.goto(server.origin + path, { waitUntil: 'load' });
    for (const provider of providers) {
      const checks: AamCheck[] = await page.evaluate(p => (window as any).__wptRun(p), provider);
      const seen = new Map<string, number>();
      for (const check of checks) {
        const n = (seen.get(check.name) ?? 0) + 1;
        seen.set(check.name, n);
        byProvider.get(provider)!.set(`${path.slice(1)}: ${check.name}${n > 1 ? ` #${n}` : ''}`, check);
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const ours = byProvider.get('ours')!;
const results: CaseResult[] = [...ours].map(([id, check]) => ({
  id: `${check.kind === 'label' ? 'name' : check.kind} ${id}`,
  expected: 'pass',
  actual: check.pass ? 'pass' : check.message,
}));

function counts(provider: Provider): Record<string, { passed: number; total: number }> {
  const out: Record<string, { passed: number; total: number }> = {};
  for (const check of byProvider.get(provider)!.values()) {
    const key = check.kind === 'label' ? 'names' : 'roles';
    out[key] ??= { passed: 0, total: 0 };
    out[key].total++;
    if (check.pass) out[key].passed++;
  }
  return out;
}

/** Cases where another provider's verdict differs from ours, for reading the comparison. */
function disagreements(provider: Provider): Array<{ id: string; ours: string; theirs: string }> {
  const out: Array<{ id: string; ours: string; theirs: string }> = [];
  for (const [id, check] of byProvider.get(provider)!) {
    const own = ours.get(id);
    if (own && own.pass !== check.pass) out.push({ id, ours: own.pass ? 'pass' : own.message, theirs: check.pass ? 'pass' : check.message });
  }
  return out;
}

const comparison = {
  counts: Object.fromEntries(providers.map(p => [p, counts(p)])),
  disagreements: { chromium: disagreements('chromium'), playwright: disagreements('playwright') },
};
const dir = join(repoRoot, 'test-results', 'conformance');
await mkdir(dir, { recursive: true });
await writeFile(join(dir, 'wpt-aam.compare'), JSON.stringify(comparison, null, 2) + '\n');

defineCaseTests('wpt-aam', results);
