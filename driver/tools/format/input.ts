// Wording of the raw keyboard and mouse tools, media emulation, external drops and run-code.
import { cutResult } from './sections.js';

export function keyResult(direction: 'down' | 'up', key: string): string {
  return direction === 'down'
    ? `Pressed ${key} down; it stays held until browser_keyup ${JSON.stringify(key)}.`
    : `Released ${key}.`;
}

export function typedResult(text: string, submit: boolean | undefined): string {
  return `Typed ${JSON.stringify(text)} key by key${submit ? ' and pressed Enter' : ''}.`;
}

export function mouseButtonResult(direction: 'down' | 'up', button: string | undefined): string {
  return `${direction === 'down' ? 'Pressed' : 'Released'} the ${button ?? 'left'} mouse button${direction === 'down' ? '; it stays down until browser_mouse_up' : ''}.`;
}

export function clickXYResult(x: number, y: number, button: string | undefined, clickCount: number | undefined): string {
  const how = [button && button !== 'left' ? `the ${button} button` : '', clickCount && clickCount > 1 ? `${clickCount} clicks` : ''].filter(Boolean).join(', ');
  return `Clicked at (${x}, ${y})${how ? ` (${how})` : ''}.`;
}

export function dropResult(target: string, files: string[], mimeTypes: string[]): string {
  const what = [files.length ? `${files.length === 1 ? 'file' : `${files.length} files`} ${files.join(', ')}` : '', mimeTypes.length ? `data (${mimeTypes.join(', ')})` : ''].filter(Boolean).join(' and ');
  return `Dropped ${what} onto ${target}.`;
}

export const NOTHING_TO_DROP = 'At least one of "paths" or "data" must be provided. Pass "paths" (files) and/or "data" (MIME type → text).';

const MEDIA_FEATURE: Record<string, string> = {
  colorScheme: 'prefers-color-scheme', reducedMotion: 'prefers-reduced-motion', forcedColors: 'forced-colors', contrast: 'prefers-contrast', media: 'media type',
};

export const NO_MEDIA_FEATURE = 'Specify at least one media feature to emulate: colorScheme, reducedMotion, forcedColors, contrast or media (null clears an override).';

export function emulatedResult(changes: Record<string, string | null | undefined>): string {
  const set: string[] = [];
  const cleared: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) cleared.push(MEDIA_FEATURE[key] ?? key);
    else set.push(`${MEDIA_FEATURE[key] ?? key}: ${value}`);
  }
  return [set.length ? `Emulating ${set.join(', ')}.` : '', cleared.length ? `Cleared the override of ${cleared.join(', ')}.` : ''].filter(Boolean).join(' ');
}

export const NO_CODE = 'Pass "code" (a function taking page, e.g. async (page) => await page.title()) or "filename" (a file holding one).';

export function codeResult(json: string | undefined): string {
  if (json === undefined) return 'Ran the code; it returned nothing.';
  // Bare, as Playwright MCP answers (and as browser_evaluate does): the JSON is the result.
  return cutResult(json);
}

export const CODE_CUT_BY_MODAL = 'The code was still running when the page opened a dialog or file chooser (see Modal state); answer it, and the code carries on without reporting a result.';

export function codeTimeoutAdvice(message: string): string {
  return `${message} It may still be running in the background. Return sooner (await what you need, then return), or split the work into several calls.`;
}
