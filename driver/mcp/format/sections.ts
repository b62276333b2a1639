// Markdown formatters for the response sections. Pure functions of plain data, kept apart from
// tools and from the response builder so wording changes happen in one place.
import type { WaitSummary } from '../wait-summary.js';

export function section(title: string, body: string): string {
  return `### ${title}\n${body.trimEnd()}`;
}

export function bullets(lines: string[]): string {
  return lines.map(line => `- ${line}`).join('\n');
}

export function formatWait(wait: WaitSummary): string[] {
  const lines: string[] = [];
  if (wait.navigatedTo) lines.push(`Navigated to ${wait.navigatedTo}`);
  if (wait.timedOut) lines.push(`Still busy after ${wait.settledMs ?? '?'} ms (network or DOM kept changing); the snapshot may be incomplete, use browser_wait_for if you expect more`);
  else if (wait.settledMs !== undefined) lines.push(`Settled after ${wait.settledMs} ms`);
  for (const note of wait.notes ?? []) lines.push(note);
  return lines;
}

export interface PageFacts { url: string; title: string }

export function formatPage(page: PageFacts | undefined, waits: WaitSummary[], notes: string[]): string {
  const lines: string[] = [];
  if (page) {
    lines.push(`URL: ${page.url}`);
    lines.push(`Title: ${page.title || '(none)'}`);
  }
  for (const wait of waits) lines.push(...formatWait(wait));
  lines.push(...notes);
  return bullets(lines);
}

export interface TabFacts { index: number; url: string; title: string; current: boolean }

export function formatTabs(tabs: TabFacts[]): string {
  return bullets(tabs.map(t => `${t.index}:${t.current ? ' (current)' : ''} [${t.title || '(no title)'}](${t.url})`));
}

/** Rough token estimate (≈4 characters a token for English and YAML) used for the budget only. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function formatSnapshot(yaml: string, maxTokens: number): string {
  let body = yaml.trimEnd();
  let note = '';
  if (maxTokens > 0 && estimateTokens(body) > maxTokens) {
    const cut = body.lastIndexOf('\n', maxTokens * 4);
    body = body.slice(0, cut > 0 ? cut : maxTokens * 4);
    note = `\n\n(Snapshot cut at about ${maxTokens} tokens. Use browser_snapshot with "ref" to see one part of the page, or "depth" to see less detail.)`;
  }
  return '```yaml\n' + body + '\n```' + note;
}
