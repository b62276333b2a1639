import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cached = new Map<string, string>();

function builtFile(name: string): string {
  const known = cached.get(name);
  if (known !== undefined) return known;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', name), join(here, '..', 'dist', name)];
  const found = candidates.find(p => existsSync(p));
  if (!found)
    throw new Error(`ariaref: the browser runtime is not built (looked for ${candidates.join(', ')}). Run "npm run build" in the ariaref folder.`);
  const source = readFileSync(found, 'utf8');
  cached.set(name, source);
  return source;
}

/**
 * The whole browser runtime (dist/injected.js: the early part, then the rest) as a string, ready
 * to inject into a document at any time. Found relative to this module both when running from
 * dist/driver (published/CLI) and from driver/ sources (vitest).
 */
export function runtimeSource(): string {
  return builtFile('injected.js');
}

/**
 * The early part alone (dist/injected-early.js, see injected/early.ts): what every document gets
 * before its scripts run. The rest comes with the document's first call.
 */
export function earlyRuntimeSource(): string {
  return builtFile('injected-early.js');
}
