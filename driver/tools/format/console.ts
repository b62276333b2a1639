// The console tools' answers: a listing of what the page logged and threw, and one message in
// full. Markdown from the collector's data (ConsoleCollector.query / find).
import type { ConsoleCollector, ConsoleItem, ConsoleListing, ConsoleQuery, Located } from '../../index.js';
import { clipLine, fenced, notKept, pagingNote, renderGroups, shortUrl } from './listing.js';

/** browser_console_messages' answer. */
export function listConsoleMessages(collector: ConsoleCollector, query: ConsoleQuery = {}): string {
  const listing = collector.query(query);
  return [...headerLines(collector, query), formatConsoleListing(listing)].join('\n');
}

/**
 * Playwright MCP's header: `Total messages: 3 (Errors: 1, Warnings: 0)`, all levels counted, then
 * `Returning 1 messages for level "error"` when the level left some out (repeats counted as
 * messages in both, so the two numbers compare).
 */
function headerLines(collector: ConsoleCollector, query: ConsoleQuery): string[] {
  const { total, errors, warnings } = collector.counts({ includeEarlier: query.includeEarlier });
  const lines = [`Total messages: ${total} (Errors: ${errors}, Warnings: ${warnings})`];
  const level = query.level ?? 'info';
  const returned = collector.counts({ includeEarlier: query.includeEarlier, level }).total;
  if (returned !== total)
    lines.push(`Returning ${returned} messages for level "${level}" (pass level "debug" to see all ${total}).`);
  return lines;
}

/** browser_console_clear's answer. */
export function consoleCleared(): string {
  return 'Console messages cleared.';
}

/** browser_console_message's answer; throws, saying where to look, for an id not kept. */
export function showConsoleMessage(collector: ConsoleCollector, id: number): string {
  const found = collector.find(id);
  if (!found) throw new Error(notKept('Console message', id, collector.lastId(), 'browser_console_messages'));
  return formatConsoleMessage(found);
}

function formatConsoleListing(listing: ConsoleListing): string {
  const lines: string[] = [];
  if (!listing.total) lines.push(`No console messages at level "${listing.level}" or above${listing.includeEarlier ? '' : ' on the current page'}.`);
  lines.push(...renderGroups(listing, consoleLine, 'messages'));
  lines.push(...pagingNote(listing, 'messages'));
  if (!listing.includeEarlier && listing.keptDocuments > 1)
    lines.push(`(Earlier pages also logged: pass all to see the ${listing.keptDocuments - 1} kept before this one.)`);
  return lines.join('\n');
}

function formatConsoleMessage({ item, bucket }: Located<ConsoleItem>): string {
  const lines = [`#### Console message #${item.id}`, `- Type: ${item.source === 'error' ? 'uncaught error (exception or unhandled rejection)' : `console.${item.type}`} (level ${item.level})`];
  if (item.location) lines.push(`- Location: ${item.location.url}:${item.location.line}:${item.location.column}`);
  lines.push(`- Page: navigation ${bucket.navigation}, ${bucket.url}`);
  lines.push(`- Time: ${new Date(item.firstTime).toISOString()}${item.count > 1 ? `, repeated ${item.count} times, last at ${new Date(item.lastTime).toISOString()}` : ''}`);
  lines.push('', fenced(item.text + (item.truncated ? '\n… (cut: the page logged more than is kept)' : '')));
  if (item.stack) lines.push('', 'Stack:', fenced(item.stack));
  else if (item.source === 'error') lines.push('', '(No stack: the page threw or rejected with a value that is not an Error.)');
  return lines.join('\n');
}

/** The message's tag as Playwright MCP prints it: `[LOG]`, `[WARNING]`, `[UNCAUGHT]`. */
export function consoleTag(item: ConsoleItem): string {
  return `[${(item.source === 'error' ? 'uncaught' : item.type).toUpperCase()}]`;
}

/**
 * ` @ url:line` with the line number Playwright MCP prints (ConsoleMessage.location()'s, 0-based);
 * '' without a location. The detail view (browser_console_message) keeps the 1-based line:column.
 */
export function consoleWhere(item: ConsoleItem, url: (href: string) => string = href => href): string {
  return item.location ? ` @ ${url(item.location.url)}:${item.location.line - 1}` : '';
}

function consoleLine(item: ConsoleItem): string {
  const [first, ...rest] = item.text.split('\n');
  const more = rest.length || item.truncated || first.length > 300 || item.stack;
  const where = consoleWhere(item, shortUrl);
  const count = item.count > 1 ? ` (x${item.count})` : '';
  // `[LOG] text @ url:line` as Playwright MCP prints it, after the id browser_console_message takes.
  return `- #${item.id} ${consoleTag(item)} ${clipLine(first, 300)}${count}${where}${more ? ' …' : ''}`;
}
