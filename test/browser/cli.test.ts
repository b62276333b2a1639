// The `ariaref snapshot` command on a served page and on a local file.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './driver-harness.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'driver', 'cli', 'main.js');

interface Run { code: number | null; stdout: string; stderr: string }

function run(...args: string[]): Promise<Run> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ARIAREF_BROWSER: process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', chunk => { stdout += chunk; });
    child.stderr.on('data', chunk => { stderr += chunk; });
    child.on('close', code => resolve({ code, stdout, stderr }));
  });
}

let server: TestServer;
let folder: string;

beforeAll(async () => {
  server = await startServer();
  server.route('/page.html', '<h1>Served</h1><nav><a href="/a">A link</a></nav><iframe src="/frame.html"></iframe>');
  server.route('/frame.html', '<button>Framed</button>');
  folder = mkdtempSync(join(tmpdir(), 'ariaref-cli-'));
  writeFileSync(join(folder, 'local.html'), '<main><h2>Local file</h2><button>Press</button></main>');
});

afterAll(async () => {
  await server?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('ariaref snapshot', () => {
  it('prints the stitched snapshot of a served page', { timeout: 120_000 }, async () => {
    const result = await run('snapshot', `${server.origin}/page.html`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^- heading "Served" \[level=1\] \[ref=e\d+\]$/m);
    expect(result.stdout).toMatch(/- iframe \[ref=e\d+\]:\n {2}- button "Framed" \[ref=f1e\d+\]/);
  });

  it('loads a local file path and honours --json, --depth and --root', { timeout: 180_000 }, async () => {
    const file = join(folder, 'local.html');
    const yaml = await run('snapshot', file);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/- button "Press" \[ref=e\d+\]/);
    const json = await run('snapshot', file, '--json', '--depth', '0');
    expect(json.code).toBe(0);
    const tree = JSON.parse(json.stdout);
    expect(JSON.stringify(tree)).toContain('"main"');
    expect(JSON.stringify(tree)).not.toContain('Press');
    const rooted = await run('snapshot', file, '--root', 'h2');
    expect(rooted.stdout).toContain('heading "Local file"');
    expect(rooted.stdout).not.toContain('Press');
  });

  it('rejects unknown commands and flags with the usage', { timeout: 120_000 }, async () => {
    const unknown = await run('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"[\s\S]*Usage: ariaref/);
    const flag = await run('snapshot', '--nope', 'x.html');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--nope[\s\S]*Usage: ariaref/);
    const version = await run('--version');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
