// Every file the server reads for an upload or writes (screenshots, PDFs, downloads) must sit
// inside the client's roots (MCP roots/list; the working directory when there are none) or the
// output directory, unless
// --allow-file-access lifts the restriction: an agent steered by a hostile page must not be
// able to exfiltrate ~/.ssh through an upload or overwrite files through a "save as".
import { accessSync, constants, mkdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The output directory when none is configured: `.playwright-mcp` in the workspace (the first
 * root, else the working directory), the place Playwright MCP uses, so existing .gitignore
 * entries cover it; the temp directory when the workspace is / or not writable.
 */
export function defaultOutputDir(roots: string[]): string {
  const workspace = workspaceOf(roots);
  let writable = workspace !== '/';
  if (writable) {
    try { accessSync(workspace, constants.W_OK); } catch { writable = false; }
  }
  return join(writable ? workspace : tmpdir(), '.playwright-mcp');
}

/** The client's workspace, as Playwright MCP takes it: the first root, else the working directory. */
export function workspaceOf(roots: string[]): string {
  return resolve(roots[0] ?? process.cwd());
}

export function rootsToPaths(uris: string[]): string[] {
  const out: string[] = [];
  for (const uri of uris) {
    try { out.push(uri.startsWith('file:') ? fileURLToPath(uri) : resolve(uri)); } catch { /* not a file root */ }
  }
  return out;
}

function real(path: string): string {
  // Resolve symlinks of the longest existing prefix so a link inside a root can't point out of it.
  let probe = path;
  const rest: string[] = [];
  for (;;) {
    try { return resolve(realpathSync(probe), ...rest.reverse()); } catch { /* keep climbing */ }
    const parent = dirname(probe);
    if (parent === probe) return path;
    rest.push(basename(probe));
    probe = parent;
  }
}

export function isInside(path: string, dir: string): boolean {
  const rel = relative(real(dir), real(path));
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/**
 * `roots`: the client's roots, or the working directory when it has none (as Playwright MCP
 * allows its workspace); the first is the workspace that relative paths resolve against.
 */
export interface FilePolicy { outputDir: string; roots: string[]; allowAnywhere: boolean }

/** Throws an actionable error unless the path is allowed; returns it absolute. */
export function checkFilePath(policy: FilePolicy, path: string, purpose: string): string {
  const absolute = resolve(workspaceOf(policy.roots), path);
  if (policy.allowAnywhere) return absolute;
  // The roots first: they are the folders the agent chose; the output directory is ours.
  const allowed = [...policy.roots, policy.outputDir];
  if (allowed.some(dir => isInside(absolute, dir))) return absolute;
  // Worded as Playwright MCP words it (clients match on it), then the way out.
  throw new Error(`File access denied: ${absolute} is outside allowed roots. Allowed roots: ${allowed.join(', ')}. Use a path inside one of them for the ${purpose.toLowerCase()}, or start the server with --allow-file-access.`);
}

/** A file name for output: explicit (checked; relative to the workspace) or generated in the output directory. */
export function outputPath(policy: FilePolicy, requested: string | undefined, fallbackName: string, purpose: string): string {
  const path = requested ? checkFilePath(policy, requested, purpose) : resolve(policy.outputDir, fallbackName);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

export function timestampedName(prefix: string, extension: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${prefix}-${stamp}.${extension}`;
}
