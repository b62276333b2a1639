// Starts or reaches the browser the server drives. One Browser is shared by every session of
// the process; each session gets its own BrowserContext (see host.ts), except with a persistent
// profile, where Chromium only has the one context.
// Plain Playwright on purpose: the driver core's launch/connect can replace it without any tool
// noticing, because tools only ever see a BrowserContext.
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright';
import type { ServerConfig } from '../config.js';
import { findBrowser } from '../../browser/find-browser.js';
import { defaultBrowserArgs } from '../../browser/launch.js';
import { isCdpEndpoint } from '../../browser/connect.js';

function launchOptions(config: ServerConfig): LaunchOptions {
  // findBrowser: --executable-path, else ARIAREF_BROWSER, Playwright's Chromium, system Chrome/Chromium.
  const executablePath = findBrowser({ executablePath: config.executablePath }).executablePath;
  return { headless: config.headless, executablePath, args: [...defaultBrowserArgs(), ...config.browserArgs], timeout: 30_000 };
}

export async function startBrowser(config: ServerConfig): Promise<Browser> {
  if (config.connect) {
    try {
      return isCdpEndpoint(config.connect)
        ? await chromium.connectOverCDP(config.connect, { timeout: config.navigationTimeoutMs })
        : await chromium.connect(config.connect, { timeout: config.navigationTimeoutMs });
    } catch (error) {
      throw new Error(`Cannot connect to the browser at ${config.connect}: ${(error as Error).message.split('\n')[0]}. Check that it is running and the endpoint is right (--connect).`);
    }
  }
  return chromium.launch(launchOptions(config));
}

export async function startPersistentContext(config: ServerConfig): Promise<BrowserContext> {
  try {
    return await chromium.launchPersistentContext(config.userDataDir!, {
      ...launchOptions(config),
      viewport: config.viewport ?? null,
    });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw new Error(`Cannot open the profile ${config.userDataDir}: ${message}. Another browser may be using it; close it or pick another --user-data-dir.`);
  }
}
