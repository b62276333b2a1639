// Builds two things:
//  1. dist/injected.js: the browser runtime (injected/index.ts) as one self-contained IIFE the
//     driver injects as a string into every frame;
//  2. dist/driver/**: the Node side transpiled file by file (ESM), so `bin` and `exports` work
//     from a fresh clone without a TypeScript toolchain at run time.
// Runs on `npm install` (prepare), before tests (pretest) and before `npm start`.
import * as esbuild from 'esbuild';
import { readdirSync, statSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');

function listTs(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listTs(full));
    else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

mkdirSync(dist, { recursive: true });

const injected = await esbuild.build({
  entryPoints: [join(root, 'injected/index.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  minify: process.env.ARIAREF_DEBUG_BUILD ? false : true,
  write: false,
  legalComments: 'none',
});
const source = injected.outputFiles[0].text;
// Write then rename: a test running while another build writes never reads half a file.
writeFileSync(join(dist, 'injected.js.tmp'), source);
renameSync(join(dist, 'injected.js.tmp'), join(dist, 'injected.js'));

await esbuild.build({
  entryPoints: listTs(join(root, 'driver')),
  outdir: join(dist, 'driver'),
  outbase: join(root, 'driver'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'inline',
  bundle: false,
});

if (!process.env.ARIAREF_QUIET_BUILD)
  console.error(`ariaref build: injected runtime ${(source.length / 1024).toFixed(1)} KiB, driver -> dist/driver`);
