// The shape of the code, checked: no import cycles, the runtime free of Node, the library naming
// no tool, and each surface reaching only the library's public API and the tool layer.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir))) {
    const path = join(dir, entry);
    if (statSync(join(root, path)).isDirectory()) out.push(...sources(path));
    else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = [...sources('driver'), ...sources('injected')];
const text = new Map(files.map(file => [file, readFileSync(join(root, file), 'utf8')]));

/** Relative imports of a file (static, re-exports, type-only and dynamic), as repo paths. */
function importsOf(file: string): string[] {
  const source = text.get(file)!;
  const specs = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)]
    .map(match => match[1] ?? match[2]!);
  return specs.map(spec => {
    const path = relative(root, resolve(root, dirname(file), spec));
    if (path.endsWith('.js')) return path.replace(/\.js$/, '.ts');
    return path.endsWith('.ts') ? path : `${path}.ts`;
  });
}

/** Bare module names a file imports (node:fs, playwright, zod...). */
function packagesOf(file: string): string[] {
  return [...text.get(file)!.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'".][^'"]*)['"]/g)].map(match => match[1]!);
}

const graph = new Map(files.map(file => [file, importsOf(file)]));

function layerOf(file: string): 'injected' | 'tools' | 'mcp' | 'cli' | 'fixture' | 'library' {
  if (file.startsWith('injected/')) return 'injected';
  if (file.startsWith('driver/tools/')) return 'tools';
  if (file.startsWith('driver/mcp/')) return 'mcp';
  if (file.startsWith('driver/cli/')) return 'cli';
  if (file === 'driver/fixture.ts') return 'fixture';
  return 'library';
}

describe('architecture', () => {
  it('every relative import names a file that exists', () => {
    const missing = [...graph].flatMap(([file, targets]) => targets.filter(t => !text.has(t) && !t.startsWith('dist/')).map(t => `${file} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it('has no import cycles (type-only imports included)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('keeps the runtime free of Node: injected/ imports only injected/', () => {
    const bad = files.filter(f => layerOf(f) === 'injected').flatMap(file => [
      ...packagesOf(file).map(pkg => `${file} imports ${pkg}`),
      ...graph.get(file)!.filter(t => !t.startsWith('injected/')).map(t => `${file} imports ${t}`),
    ]);
    expect(bad).toEqual([]);
  });

  it('lets the driver take only types from the runtime (it injects the bundle, it never imports its code)', () => {
    const bad = files.filter(f => f.startsWith('driver/')).flatMap(file => graph.get(file)!
      .filter(t => t.startsWith('injected/') && t !== 'injected/types.ts').map(t => `${file} imports ${t}`));
    expect(bad).toEqual([]);
  });

  it('keeps the library below the tool layer and the surfaces', () => {
    const bad = files.filter(f => layerOf(f) === 'library').flatMap(file => graph.get(file)!
      .filter(t => ['tools', 'mcp', 'cli', 'fixture'].includes(layerOf(t))).map(t => `${file} imports ${t}`));
    expect(bad).toEqual([]);
  });

  it('has the tool layer use the library only through its public API (driver/index.ts)', () => {
    const bad = files.filter(f => layerOf(f) === 'tools').flatMap(file => graph.get(file)!
      .filter(t => layerOf(t) !== 'tools' && t !== 'driver/index.ts').map(t => `${file} imports ${t}`));
    expect(bad).toEqual([]);
  });

  it('has every surface reach only the public API and the tool layer entry', () => {
    const allowed: Record<string, (target: string) => boolean> = {
      mcp: t => layerOf(t) === 'mcp',
      // The `ariaref` program dispatches `ariaref mcp` to the MCP surface's entry.
      cli: t => layerOf(t) === 'cli' || t === 'driver/mcp/cli.ts',
      fixture: () => false,
    };
    const bad = files.filter(f => layerOf(f) in allowed).flatMap(file => graph.get(file)!
      .filter(t => t !== 'driver/index.ts' && t !== 'driver/tools/index.ts' && t !== 'driver/version.ts' && !allowed[layerOf(file)]!(t))
      .map(t => `${file} imports ${t}`));
    expect(bad).toEqual([]);
  });

  it('keeps tool names out of the library: it returns data, the tool layer words it', () => {
    const bad = files.filter(f => layerOf(f) === 'library' || layerOf(f) === 'injected')
      .flatMap(file => text.get(file)!.split('\n').map((line, i) => ({ line, at: `${file}:${i + 1}` })))
      .filter(({ line }) => /\bbrowser_[a-z_]+/.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(bad).toEqual([]);
  });
});
