// Bundles the task apps (bench/tasks/apps) with esbuild into a directory of static assets. The
// widget libraries come from bench/compare (npm install --prefix bench/compare).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const compareModules = join(here, '../compare/node_modules');

/** Each app: its entry, the page title, whether it has a stylesheet (its own or imported CSS). */
export const apps = {
  rac: { entry: 'rac.jsx', title: 'Workspace settings – Acme Console', css: true },
  mui: { entry: 'mui.jsx', title: 'Movie Club', css: false },
  bootstrap: { entry: 'bootstrap.js', title: 'Inbox – HelpDesk', css: true },
  grid: { entry: 'grid.js', title: 'Fleet inventory', css: false },
  codemirror: { entry: 'codemirror.js', title: 'Orders console', css: false },
  quill: { entry: 'quill.js', title: 'Release notes', css: true },
  calendar: { entry: 'calendar.js', title: 'Team calendar', css: false },
  swagger: { entry: 'swagger.js', title: 'Petstore – Swagger UI', css: true },
};

/**
 * The directory of built apps, bundled once per content of the apps, this file and the installed
 * libraries (bench/compare's lock file), kept under bench/compare/node_modules/.cache.
 */
export async function builtApps() {
  const hash = createHash('sha256');
  for (const file of [...readdirSync(join(here, 'apps')).sort().map(f => join(here, 'apps', f)), fileURLToPath(import.meta.url), join(compareModules, '.package-lock.json')])
    hash.update(file).update(existsSync(file) ? readFileSync(file) : '');
  const cache = join(compareModules, '.cache/ariaref-task-apps');
  const dir = join(cache, hash.digest('hex').slice(0, 16));
  if (existsSync(dir)) return dir;
  rmSync(cache, { recursive: true, force: true });
  await buildApps(`${dir}.tmp`);
  renameSync(`${dir}.tmp`, dir);
  return dir;
}

async function buildApps(outdir) {
  if (!existsSync(join(compareModules, 'react-aria-components')))
    throw new Error('the widget libraries are not installed: run npm install --prefix bench/compare');
  await build({
    entryPoints: Object.fromEntries(Object.entries(apps).map(([name, app]) => [name, join(here, 'apps', app.entry)])),
    outdir,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'chrome120',
    jsx: 'automatic',
    nodePaths: [compareModules],
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.svg': 'file', '.png': 'file' },
    logLevel: 'warning',
  });
  // rac.css is plain CSS beside its app; the others' CSS comes from their imports.
  await build({ entryPoints: { rac: join(here, 'apps/rac.css') }, outdir, bundle: true, minify: true, logLevel: 'warning', allowOverwrite: true });
}
