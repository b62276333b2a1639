// Builds two things:
//  1. the browser runtime as scripts the driver injects as strings: dist/injected-early.js, the
//     part every document gets at its start, and dist/injected.js, the whole runtime (the early
//     part, then the rest), injected on a document's first call;
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

// The browser runtime comes in two bundles (injected/early.ts says why). The early one runs in
// every document before its scripts; the full one is injected on a document's first call and
// shares the early one's modules through `__ariarefEarly` instead of carrying its own copies.
const EARLY_GLOBAL = '__ariarefEarly';
const earlyModules = {
  'wait/activity.ts': 'activity',
  'wait/mutations.ts': 'mutations',
  'wait/timing.ts': 'timing',
  'dom/closed-shadow.ts': 'closedShadow',
  'pristine.ts': 'pristine',
};
const injectedDir = join(root, 'injected');
const useEarlyModules = {
  name: 'ariaref-early-modules',
  setup(build) {
    build.onResolve({ filter: /^\./ }, args => {
      const target = join(args.resolveDir, args.path.endsWith('.ts') ? args.path : `${args.path}.ts`);
      const name = earlyModules[target.slice(injectedDir.length + 1)];
      return name ? { path: name, namespace: 'ariaref-early' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'ariaref-early' }, args => ({
      contents: `module.exports = globalThis.${EARLY_GLOBAL}.${args.path};`,
      loader: 'js',
    }));
  },
};
const bundleOptions = {
  bundle: true,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  minify: process.env.ARIAREF_DEBUG_BUILD ? false : true,
  write: false,
  legalComments: 'none',
};
const full = await esbuild.build({ ...bundleOptions, entryPoints: [join(injectedDir, 'index.ts')], plugins: [useEarlyModules] });
// Every property name the full bundle can touch, for the early runtime's record of pristine
// built-ins (injected/pristine.ts): member accesses, object keys and destructuring, strings.
const fullText = full.outputFiles[0].text;
const propertyNames = new Set();
for (const pattern of [/\.([A-Za-z_$][\w$]*)/g, /[{,]([A-Za-z_$][\w$]*):/g, /["'`]([A-Za-z_$][\w$]*)["'`]/g])
  for (const match of fullText.matchAll(pattern)) propertyNames.add(match[1]);
const early = await esbuild.build({
  ...bundleOptions,
  define: { __ARIAREF_RUNTIME_PROPERTY_NAMES__: JSON.stringify([...propertyNames].sort()) },
  stdin: { contents: "import { installEarlyRuntime } from './early';\ninstallEarlyRuntime();", resolveDir: injectedDir, loader: 'ts' },
});
// Each bundle is skipped whole where it already ran; the rest runs with the page's built-ins put
// back to the pristine ones the early runtime kept. The init script carries the rest as a function
// it does not call (injected/early.ts keeps it as `loadRest`): V8 only pre-parses it at load, and
// compiles it, from its cache when the document's process has seen it, on the first call.
const earlyText = early.outputFiles[0].text;
const mainSource = `if (!globalThis.__ariaref) globalThis.${EARLY_GLOBAL}.pristine.withPristineBuiltins(() => {\n${fullText}});\n`;
const earlySource = `(function (__ariarefLoadRest) {\nif (!globalThis.${EARLY_GLOBAL}) {\n${earlyText}}\n})(function () {\n${mainSource}});\n`;
const source = `if (!globalThis.${EARLY_GLOBAL}) {\n${earlyText}}\n${mainSource}`;
// Write then rename: a test running while another build writes never reads half a file.
for (const [file, text] of [['injected-early.js', earlySource], ['injected.js', source]]) {
  writeFileSync(join(dist, `${file}.tmp`), text);
  renameSync(join(dist, `${file}.tmp`), join(dist, file));
}

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
  console.error(`ariaref build: injected runtime ${(source.length / 1024).toFixed(1)} KiB (init script with the rest uncalled: ${(earlySource.length / 1024).toFixed(1)} KiB), driver -> dist/driver`);
