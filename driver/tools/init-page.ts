// --init-page (Playwright MCP's semantics): each module's default export is called with
// `{ page }` for every new page, before any tool uses it. TypeScript modules are compiled with
// esbuild when it is installed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright';

type InitPage = (args: { page: Page }) => unknown;

const loaded = new Map<string, Promise<InitPage>>();

async function compileTypeScript(path: string): Promise<string> {
  let esbuild: { transform(code: string, options: object): Promise<{ code: string }> };
  try {
    esbuild = await import('esbuild' as string);
  } catch {
    throw new Error(`Cannot load the init page ${path}: TypeScript needs esbuild (npm install esbuild), or compile it to a .js/.mjs module.`);
  }
  const { code } = await esbuild.transform(readFileSync(path, 'utf8'), { loader: 'ts', format: 'esm', sourcefile: path });
  const out = join(mkdtempSync(join(tmpdir(), 'ariaref-init-page-')), 'init-page.mjs');
  writeFileSync(out, code);
  return out;
}

async function load(path: string): Promise<InitPage> {
  const compiled = /\.[cm]?tsx?$/.test(path) ? await compileTypeScript(path) : undefined;
  let module: { default?: InitPage & { default?: InitPage } };
  try {
    module = await import(pathToFileURL(compiled ?? path).href);
  } finally {
    // Once imported the module lives in memory: its compiled copy is not left in the temp folder.
    if (compiled) rmSync(dirname(compiled), { recursive: true, force: true });
  }
  const run = module.default?.default ?? module.default;
  if (typeof run !== 'function') throw new Error(`The init page ${path} has no default export function: write "export default async ({ page }) => { ... }".`);
  return run;
}

export async function runInitPages(paths: string[], page: Page): Promise<void> {
  for (const path of paths) {
    let entry = loaded.get(path);
    if (!entry) {
      entry = load(path);
      loaded.set(path, entry);
      entry.catch(() => loaded.delete(path));
    }
    const run = await entry;
    try {
      await run({ page });
    } catch (error) {
      throw new Error(`Failed to run the init page ${path}: ${(error as Error).message.split('\n')[0]}.`, { cause: error });
    }
  }
}
