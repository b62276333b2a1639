// Plumbing for the driver-core suites: a loopback server reachable as two origins
// (127.0.0.1 and localhost, so iframes can be cross-origin) and an ariaref browser.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { launch, type AriaBrowser } from '../../driver/index.js';
import { startLoopbackServer, type LoopbackServer, type Route } from '../support/server.js';

export type { Route };
export type TestServer = LoopbackServer;

export function startServer(): Promise<TestServer> {
  return startLoopbackServer();
}

/** A route that never answers (a frame that never loads). */
export const neverAnswers: Route = (_req: IncomingMessage, _res: ServerResponse) => {};

export async function launchTestBrowser(): Promise<AriaBrowser> {
  return launch({ executablePath: process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium' });
}

/** The ref on the first snapshot line containing `text` (e.g. 'button "Save"'). */
export function refOf(snapshot: string, text: string): string {
  const line = snapshot.split('\n').find(l => l.includes(text));
  const ref = line && /\[ref=([^\]]+)\]/.exec(line.replace(/"(?:[^"\\]|\\.)*"/g, '""'))?.[1];
  if (!ref) throw new Error(`no ref for ${text} in:\n${snapshot}`);
  return ref;
}
