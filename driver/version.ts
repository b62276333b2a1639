// The package's own version, read from its package.json wherever the code runs from (driver/
// sources under vitest, dist/driver when installed): the nearest package.json named ariaref.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function packageVersion(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (pkg.name === 'ariaref') return (cached = String(pkg.version));
    } catch { /* no package.json here: climb */ }
    const parent = dirname(dir);
    if (parent === dir) return (cached = '0.0.0');
    dir = parent;
  }
}
