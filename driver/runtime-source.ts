import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The built browser runtime (dist/injected.js) as a string, ready to inject.
 * Found relative to this module both when running from dist/driver (published/CLI)
 * and from driver/ sources (vitest).
 */
export function runtimeSource(): string {
  if (cached !== undefined) return cached;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'injected.js'), join(here, '..', 'dist', 'injected.js')];
  const found = candidates.find(p => existsSync(p));
  if (!found)
    throw new Error(`ariaref: the browser runtime is not built (looked for ${candidates.join(', ')}). Run "npm run build" in the ariaref folder.`);
  cached = readFileSync(found, 'utf8');
  return cached;
}
