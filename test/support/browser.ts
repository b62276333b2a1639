// The Chromium every real-browser suite uses: the system browser (or ARIAREF_BROWSER), launched
// with the flags this environment needs, and a context whose pages get the built runtime first.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright';
import { runtimeSource } from '../../driver/runtime-source.js';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.ARIAREF_BROWSER ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A new context whose every frame gets the built runtime before the page's own scripts. */
export async function runtimeContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(runtimeSource());
  return context;
}
