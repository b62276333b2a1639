// File names chosen by a web page (download names, URL paths) are untrusted: they must land
// inside the output directory, never overwrite an earlier file, and be valid on every OS.
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { resolve, sep, extname } from 'node:path';

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
const MAX_NAME_BYTES = 180;

/** A plain file name (no directories) safe to create on Linux, macOS and Windows. */
export function sanitizeFileName(suggested: string, fallback = 'download'): string {
  // Keep only the last path segment: "../../x" and "C:\\a\\x" both become "x".
  let name = String(suggested ?? '').split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')    // no hidden files, no "." or ".."
    .replace(/[\s.]+$/, '');   // Windows drops trailing dots and spaces
  if (!name) name = fallback;
  if (WINDOWS_RESERVED.test(name)) name = '_' + name;
  return shorten(name);
}

function shorten(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const ext = extname(name).slice(0, 20);
  let stem = name.slice(0, name.length - ext.length);
  while (Buffer.byteLength(stem + ext) > MAX_NAME_BYTES) stem = stem.slice(0, -1);
  return stem + ext;
}

/**
 * Creates an empty file named after `suggested` inside `dir` and returns its absolute path.
 * Creating it (exclusive open) is what reserves the name, so two downloads with the same
 * name at the same moment, even from two pages, get "name.txt" and "name (1).txt".
 */
export function reserveFile(dir: string, suggested: string): string {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  const name = sanitizeFileName(suggested);
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 0; n < 10_000; n++) {
    const candidate = resolve(root, n === 0 ? name : `${stem} (${n})${ext}`);
    if (!candidate.startsWith(root + sep)) throw new Error(`Refusing to write outside ${root}: "${suggested}". Pass a plain file name.`);
    try {
      closeSync(openSync(candidate, 'wx'));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Too many files named like "${name}" in ${root}. Clear the output directory and try again.`);
}
