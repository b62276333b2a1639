// What the console tools answer, as markdown built from the collectors. Kept apart from the
// MCP wrappers so the CLI and test fixtures can print the same text.
import type { Bucket } from './buckets.js';
import { pageOf } from './buckets.js';
import type { ConsoleCollector, ConsoleItem, ConsoleLevel } from './console.js';

export interface ConsoleQuery {
  /** Lowest severity shown: 'error' shows errors only, 'debug' shows everything. Default 'info'. */
  level?: ConsoleLevel;
  includeEarlier?: boolean;
  offset?: number;
  limit?: number;
}

export function listConsoleMessages(collector: ConsoleCollector, query: ConsoleQuery = {}): string {
  const level = query.level ?? 'info';
  const groups = collector.list({ level, includeEarlier: query.includeEarlier });
  const flat = flatten(groups);
  const page = pageOf(flat, query.offset, query.limit ?? 100);
  const lines: string[] = [];
  const total = collector.buckets.all().length;
  if (!flat.length) lines.push(`No console messages at level "${level}" or above${query.includeEarlier ? '' : ' on the current page'}.`);
  lines.push(...renderGroups(page.items, groups, !!query.includeEarlier, consoleLine, 'messages'));
  lines.push(...pagingNote(page, 'messages'));
  if (!query.includeEarlier && total > 1) lines.push(`(Earlier pages also logged: pass includeEarlier to see the ${total - 1} kept before this one.)`);
  const hidden = hiddenByLevel(collector, query.includeEarlier, level);
  if (hidden) lines.push(`(${hidden} lower-level message${hidden > 1 ? 's' : ''} hidden: pass level "debug" to see everything.)`);
  return lines.join('\n');
}

export function showConsoleMessage(collector: ConsoleCollector, id: number): string {
  const found = collector.find(id);
  if (!found) throw new Error(notKept('Console message', id, collector.lastId(), 'browser_console_messages'));
  const { item, bucket } = found;
  const lines = [`#### Console message #${item.id}`, `- Type: ${item.source === 'error' ? 'uncaught error (exception or unhandled rejection)' : `console.${item.type}`} (level ${item.level})`];
  if (item.location) lines.push(`- Location: ${item.location.url}:${item.location.line}:${item.location.column}`);
  lines.push(`- Page: navigation ${bucket.navigation}, ${bucket.url}`);
  lines.push(`- Time: ${new Date(item.firstTime).toISOString()}${item.count > 1 ? `, repeated ${item.count} times, last at ${new Date(item.lastTime).toISOString()}` : ''}`);
  lines.push('', fenced(item.text + (item.truncated ? '\n… (cut: the page logged more than is kept)' : '')));
  if (item.stack) lines.push('', 'Stack:', fenced(item.stack));
  else if (item.source === 'error') lines.push('', '(No stack: the page threw or rejected with a value that is not an Error.)');
  return lines.join('\n');
}

function consoleLine(item: ConsoleItem): string {
  const [first, ...rest] = item.text.split('\n');
  const more = rest.length || item.truncated || first.length > 300 || item.stack;
  const where = item.location ? ` @ ${shortUrl(item.location.url)}:${item.location.line}` : '';
  const count = item.count > 1 ? ` (x${item.count})` : '';
  return `- #${item.id} [${item.source === 'error' ? 'uncaught' : item.type}] ${clipLine(first, 300)}${count}${where}${more ? ' …' : ''}`;
}

function hiddenByLevel(collector: ConsoleCollector, includeEarlier: boolean | undefined, level: ConsoleLevel): number {
  if (level === 'debug') return 0;
  const all = flatten(collector.list({ level: 'debug', includeEarlier }));
  const shown = flatten(collector.list({ level, includeEarlier }));
  return all.length - shown.length;
}

// ---- shared by the console and network listings ----

export interface Located<T> {
  item: T;
  bucket: Bucket<{ id: number }>;
}

export function flatten<T extends { id: number }>(groups: Array<{ bucket: Bucket<T>; items: T[] }>): Array<Located<T>> {
  return groups.flatMap(group => group.items.map(item => ({ item, bucket: group.bucket as Bucket<{ id: number }> })));
}

/** Lines for one page of items, with a heading whenever the document changes. */
export function renderGroups<T>(
  items: Array<Located<T>>,
  groups: Array<{ bucket: Bucket<any> }>,
  withHeadings: boolean,
  line: (item: T) => string,
  noun: string,
): string[] {
  const lines: string[] = [];
  const current = groups[groups.length - 1]?.bucket;
  let last: Bucket<{ id: number }> | undefined;
  for (const { item, bucket } of items) {
    if (withHeadings && bucket !== last) {
      lines.push(`#### Navigation ${bucket.navigation}${bucket === current ? ' (current)' : ''}: ${shortUrl(bucket.url, 200)}`);
      if (bucket.dropped) lines.push(`(${bucket.dropped} older ${noun} of this page were dropped: only the latest ${bucket.items.length} are kept.)`);
    }
    last = bucket;
    lines.push(line(item));
  }
  if (!withHeadings && current?.dropped)
    lines.unshift(`(${current.dropped} older ${noun} of this page were dropped: only the latest ${current.items.length} are kept.)`);
  return lines;
}

export function pagingNote(page: { items: unknown[]; offset: number; total: number }, noun: string): string[] {
  if (!page.total || (page.offset === 0 && page.items.length === page.total)) return [];
  const end = page.offset + page.items.length;
  const next = end < page.total ? ` Next page: offset ${end}.` : '';
  return [`(Showing ${noun} ${page.offset + 1}-${end} of ${page.total}.${next})`];
}

export function notKept(what: string, id: number, lastId: number, listTool: string): string {
  if (id > lastId) return `${what} #${id} does not exist yet (the latest id is ${lastId}). List them with ${listTool}.`;
  return `${what} #${id} is no longer kept (only the current page and the two before it are, up to the per-page cap). List what is kept with ${listTool} and includeEarlier.`;
}

/** A fence longer than any backtick run inside, so page text cannot break out of the block. */
export function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), m => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

export function clipLine(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) + '…' : text;
}

export function shortUrl(url: string, max = 150): string {
  return clipLine(url, max);
}
