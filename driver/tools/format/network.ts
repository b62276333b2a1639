// The network tools' answers: a listing of the page's requests, and one request with its
// headers and bodies. Markdown from the collector's data (NetworkCollector.query, requestDetail).
import { requestDetail, type BodyView, type NetworkCollector, type NetworkItem, type NetworkListing, type NetworkQuery, type RequestDetail, type RequestDetailOptions } from '../../index.js';
import { clipLine, fenced, notKept, pagingNote, renderGroups, shortUrl } from './listing.js';

/** browser_network_requests' answer; throws for a malformed URL pattern or status filter. */
export function listNetworkRequests(collector: NetworkCollector, query: NetworkQuery = {}): string {
  const listing = collector.query(query);
  return formatNetworkListing(listing) + staticNote(listing.hiddenStatic);
}

/** browser_network_clear's answer. */
export function networkCleared(): string {
  return 'Network requests cleared.';
}

/** browser_network_request's answer; throws, saying where to look, for an id not kept. */
export type RequestPart = 'request-headers' | 'request-body' | 'response-headers' | 'response-body';

export async function showNetworkRequest(collector: NetworkCollector, id: number, options: RequestDetailOptions = {}, part?: RequestPart): Promise<string> {
  const found = collector.find(id);
  if (!found) throw new Error(notKept('Request', id, collector.lastId(), 'browser_network_requests'));
  const detail = await requestDetail(found, options);
  return part ? formatRequestPart(detail, part) : formatRequestDetail(detail);
}

/** Only one part (Playwright MCP's `part`), under the request line. */
function formatRequestPart(detail: RequestDetail, part: RequestPart): string {
  const { item } = detail;
  const lines = [`#### Request #${item.id}`, `${item.method} ${item.url} => ${outcome(item)}`, ''];
  switch (part) {
    case 'request-headers': lines.push('##### Request headers', headerBlock(detail.requestHeaders)); break;
    case 'request-body': lines.push('##### Request body', detail.requestBody ? bodyBlock(detail.requestBody) : '(none)'); break;
    case 'response-headers': lines.push('##### Response headers', detail.responseHeaders ? headerBlock(detail.responseHeaders) : '(no response yet)'); break;
    case 'response-body': lines.push('##### Response body', detail.responseBody ? bodyBlock(detail.responseBody) : '(none)'); break;
  }
  if (detail.saved) {
    if ('path' in detail.saved) lines.push('', `Saved the full ${detail.saved.which} body to ${detail.saved.path}`);
    else lines.push('', `Not saved: ${detail.saved.error}`);
  }
  return lines.join('\n');
}

function formatNetworkListing(listing: NetworkListing): string {
  const lines: string[] = [];
  if (!listing.total) lines.push(`No requests${listing.filtered ? ' match these filters' : ''}${listing.includeEarlier ? '' : ' on the current page'}.`);
  lines.push(...renderGroups(listing, requestLine, 'requests'));
  lines.push(...pagingNote(listing, 'requests'));
  if (!listing.includeEarlier && listing.keptDocuments > 1)
    lines.push(`(Earlier pages made requests too: pass includeEarlier to see the ${listing.keptDocuments - 1} kept before this one.)`);
  if (listing.total) lines.push('(Details, headers and bodies of one request: browser_network_request with its number.)');
  return lines.join('\n');
}

function formatRequestDetail(detail: RequestDetail): string {
  const { item, bucket } = detail;
  const lines = [`#### Request #${item.id}`, `${item.method} ${item.url}`, '', `- Status: ${outcome(item)}`, `- Resource type: ${item.resourceType}`];
  if (item.durationMs !== undefined) lines.push(`- Duration: ${item.durationMs} ms`);
  if (item.redirectedFromId !== undefined) lines.push(`- Redirected from: #${item.redirectedFromId}`);
  if (item.routed) lines.push(`- Routed: ${routedText(item).slice('routed: '.length)}`);
  lines.push(`- Page: navigation ${bucket.navigation}, ${shortUrl(bucket.url, 200)}`);
  lines.push('', '##### Request headers', headerBlock(detail.requestHeaders));
  if (detail.requestBody) lines.push('', '##### Request body', bodyBlock(detail.requestBody));
  if (detail.responseHeaders) lines.push('', '##### Response headers', headerBlock(detail.responseHeaders));
  if (detail.responseBody) lines.push('', '##### Response body', bodyBlock(detail.responseBody));
  if (detail.saved) {
    if ('path' in detail.saved) lines.push('', `Saved the full ${detail.saved.which} body to ${detail.saved.path}`);
    else lines.push('', `Not saved: ${detail.saved.error}`);
  }
  return lines.join('\n');
}

/** Playwright MCP's line, `12. [GET] https://x/api => [200] OK`: the number is browser_network_request's index. */
function requestLine(item: NetworkItem): string {
  return `${item.id}. [${item.method}] ${shortUrl(item.url, 300)} => ${outcome(item, true)}${item.routed ? ` (${routedText(item)})` : ''}`;
}

/** Said of requests a route answered or changed: their response is not (only) the server's. */
function routedText(item: NetworkItem): string {
  const { action, pattern } = item.routed!;
  return `routed: ${action === 'fulfilled' ? 'mocked' : 'headers changed'} by route "${pattern}"`;
}

/** `200 OK`, `FAILED net::ERR_...`, `pending`; in a listing line the code is bracketed: `[200] OK`. */
function outcome(item: NetworkItem, bracket = false): string {
  const mark = (text: string) => bracket ? `[${text}]` : text;
  if (item.state === 'failed') return `${mark('FAILED')} ${item.failure ?? ''}`.trim() + (item.status ? ` (after ${item.status})` : '');
  if (item.status === undefined) return mark('pending');
  return `${mark(String(item.status))}${item.statusText ? ' ' + item.statusText : ''}${item.fromServiceWorker ? ' (service worker)' : ''}`;
}

function headerBlock(headers: Record<string, string>): string {
  const entries = Object.entries(headers);
  if (!entries.length) return '(none)';
  return fenced(entries.map(([name, value]) => `${name}: ${clipLine(value, 2000)}`).join('\n'));
}

function bodyBlock(body: BodyView): string {
  if (body.unavailable) return `(${body.unavailable})`;
  const type = body.contentType ? `${body.contentType}, ` : '';
  if (body.binary) return `(${type}${body.bytes} bytes of binary data: save it to a file with the "save" parameter to inspect it)`;
  const cut = body.truncated ? `, showing the first ${body.text!.length} characters; save it to a file with the "save" parameter for all of it` : '';
  return `(${type}${body.bytes} bytes${cut})\n` + fenced(body.text ?? '', languageOf(body.contentType));
}

function languageOf(contentType: string | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('html')) return 'html';
  if (type.includes('javascript')) return 'js';
  if (type.includes('css')) return 'css';
  if (type.includes('xml') || type.includes('svg')) return 'xml';
  return '';
}

/** After a listing with static: false. */
function staticNote(hidden: number): string {
  return hidden ? `\nNote: ${hidden} static request${hidden === 1 ? '' : 's'} not shown, run with "static" option to see ${hidden === 1 ? 'it' : 'them'}.` : '';
}
