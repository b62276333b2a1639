// Vitest global setup: the whole run gets a temp folder of its own (TMPDIR for the test workers,
// the servers and CLI daemons they start, and the browsers those launch), removed when the run
// ends. Whatever a test or a process it started leaves in the temp folder (a profile, an output
// folder, a browser's own files) goes with it, so a run leaves nothing of ours behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'ariaref-run-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
