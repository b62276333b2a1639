// Markdown formatters for the response sections. Pure functions of plain data, kept apart from
// tools and from the response builder so wording changes happen in one place.
import type { WaitReport } from '../../index.js';
import { formatWait } from './wait.js';

export function section(title: string, body: string): string {
  return `### ${title}\n${body.trimEnd()}`;
}

/** The longest value a result shows whole (an evaluated result, a stored item); past it the rest is cut and counted. */
export const MAX_RESULT_CHARS = 20_000;

export function cutResult(text: string, max = MAX_RESULT_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters cut)` : text;
}

export function bullets(lines: string[]): string {
  return lines.map(line => `- ${line}`).join('\n');
}

export interface PageFacts {
  url: string;
  title: string;
  /** The main document's HTTP status, when it is not 2xx. */
  status?: { status: number; statusText: string };
  /** Console errors and warnings of the current document. */
  console?: { errors: number; warnings: number };
}

export function formatPage(page: PageFacts | undefined, waits: WaitReport[], notes: string[]): string {
  const lines: string[] = [];
  if (page) {
    // Playwright MCP's wording, so agents and tools that read it find the same lines.
    lines.push(`Page URL: ${page.url}`);
    if (page.title) lines.push(`Page Title: ${page.title}`);
    if (page.status) lines.push(`HTTP status: ${page.status.status}${page.status.statusText ? ' ' + page.status.statusText : ''}`);
    if (page.console && (page.console.errors || page.console.warnings)) lines.push(`Console: ${page.console.errors} errors, ${page.console.warnings} warnings`);
  }
  for (const wait of waits) lines.push(...formatWait(wait, page?.url));
  lines.push(...notes);
  return bullets(lines);
}

export function formatSnapshot(yaml: string): string {
  return '```yaml\n' + yaml.trimEnd() + '\n```';
}

/** A written file, as Playwright MCP links it: `- [Snapshot](path)`. */
export function fileLink(title: string, path: string): string {
  return `- [${title}](${path})`;
}
