// Wording shared by the console and network answers: a listing split under one heading per
// document, the paging and dropped-items notes, the "no such id" error, and safe quoting of
// page text (fences, clipped lines).
import type { Listing } from '../../index.js';

/** Lines for one page of a listing, with a heading whenever the document changes. */
export function renderGroups<T extends { id: number }>(listing: Listing<T>, line: (item: T) => string, noun: string): string[] {
  const lines: string[] = [];
  const current = listing.current;
  let last: Listing<T>['current'] | undefined;
  for (const { item, bucket } of listing.items) {
    if (listing.includeEarlier && bucket !== last) {
      lines.push(`#### Navigation ${bucket.navigation}${bucket === current ? ' (current)' : ''}: ${shortUrl(bucket.url, 200)}`);
      if (bucket.dropped) lines.push(`(${bucket.dropped} older ${noun} of this page were dropped: only the latest ${bucket.items.length} are kept.)`);
    }
    last = bucket;
    lines.push(line(item));
  }
  if (!listing.includeEarlier && current.dropped)
    lines.unshift(`(${current.dropped} older ${noun} of this page were dropped: only the latest ${current.items.length} are kept.)`);
  return lines;
}

export function pagingNote(listing: { items: unknown[]; offset: number; total: number }, noun: string): string[] {
  if (!listing.total || (listing.offset === 0 && listing.items.length === listing.total)) return [];
  const end = listing.offset + listing.items.length;
  const next = end < listing.total ? ` Next page: offset ${end}.` : '';
  return [`(Showing ${noun} ${listing.offset + 1}-${end} of ${listing.total}.${next})`];
}

/** The error for an id that names nothing kept: not handed out yet, or forgotten since. */
export function notKept(what: string, id: number, lastId: number, listTool: string): string {
  if (id > lastId) return `${what} #${id} not found: it does not exist yet (the latest is #${lastId}). List them with ${listTool}.`;
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

/**
 * browser_find's answer, laid out as Playwright MCP's: a header, then each snapshot excerpt (see
 * snapshotSnippets) separated by `----`, then what could not be searched. `query` as Playwright
 * MCP names it: "Bananas" for text, /x/i for a regex, else role and name.
 */
export function formatFound(snippets: string[], total: number, shown: number, skipped: string[], query: string): string {
  const notSearched = skipped.length ? `\n\n(not searched: ${skipped.join('; ')})` : '';
  if (total === 0) return `No matches found for ${query}.` + notSearched;
  const header = total > shown ? `Found ${total} matches for ${query}, showing the first ${shown} (raise "limit" or narrow the query):`
    : `Found ${total} match${total === 1 ? '' : 'es'} for ${query}:`;
  return `${header}\n\n${snippets.join('\n\n----\n\n')}` + notSearched;
}
