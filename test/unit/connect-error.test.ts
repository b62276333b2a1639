// What a failed connect to a running browser says (driver/browser/connect.ts): a Playwright
// server of another minor version refuses ariaref's client, and the message must say which
// version ariaref needs and how to start a matching server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectError, playwrightVersion } from '../../driver/browser/connect.js';

const endpoint = 'ws://grid.example:3000/';

/** What Playwright 1.65's connect throws when a 1.64 server answers the upgrade with 428 (its boxed text, then the call log). */
const refusedBy164 = [
  `browserType.connect: WebSocket error: ${endpoint} 428 Precondition Required`,
  '╔════════════════════════════════════════════════════╗',
  '║ Playwright version mismatch:                       ║',
  '║   - server version: v1.64                          ║',
  '║   - client version: v1.65                          ║',
  '║                                                    ║',
  '║ If you are connecting to a remote service,         ║',
  '║ keep your local Playwright version in sync         ║',
  '║ with the remote service version.                   ║',
  '╚════════════════════════════════════════════════════╝',
  'Call log:',
  `  - <ws connecting> ${endpoint}`,
  `  - <ws unexpected response> ${endpoint} 428 Precondition Required`,
].join('\n');

describe('connect errors', () => {
  it('reads the Playwright version ariaref drives browsers with from the installed package, the one package.json pins', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    expect(playwrightVersion()).toBe(pkg.dependencies.playwright);
    expect(playwrightVersion()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('names both versions, the one ariaref needs, and the command that starts a matching server', () => {
    const message = connectError(endpoint, new Error(refusedBy164), '1.65.1').message;
    expect(message).toContain(`Cannot connect to the browser at ${endpoint}: Playwright version mismatch, the server runs Playwright v1.64 and ariaref uses v1.65.1`);
    expect(message).toContain('ariaref needs a Playwright 1.65 server');
    expect(message).toContain('`npx playwright@1.65 run-server --port 3000` and pass --endpoint ws://<its host>:3000/');
    expect(message).toContain('--cdp-endpoint');
    // Playwright's box and call log stay out of it.
    expect(message).not.toMatch(/[║╔╚]|Call log|VSCode/);
  });

  it('takes the needed version from ariaref, not from the message, when the refusal has no body', () => {
    const bare = new Error(`browserType.connect: WebSocket error: ${endpoint} 428 Precondition Required`);
    const message = connectError(endpoint, bare, '1.65.1').message;
    expect(message).toContain('Playwright version mismatch, ariaref uses v1.65.1; ');
    expect(message).toContain('ariaref needs a Playwright 1.65 server');
    expect(message).toContain('npx playwright@1.65 run-server');
    expect(message).not.toContain('server runs');
  });

  it('keeps the cause, and says how to make the browser reachable for any other failure', () => {
    const refused = new Error('browserType.connectOverCDP: connect ECONNREFUSED 127.0.0.1:9222\nCall log:\n  - <ws connecting>');
    const error = connectError('http://127.0.0.1:9222', refused, '1.65.1');
    expect(error.cause).toBe(refused);
    expect(error.message).toBe('Cannot connect to the browser at http://127.0.0.1:9222: browserType.connectOverCDP: connect ECONNREFUSED 127.0.0.1:9222. ' +
      'Check that it is running and reachable: for Chrome start it with --remote-debugging-port=9222 and pass http://127.0.0.1:9222; ' +
      'for a Playwright server pass the ws:// URL printed by launchServer().');
    expect(error.message).not.toMatch(/version mismatch/);
  });
});
