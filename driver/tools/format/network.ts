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

export type RequestPart = 'request-headers' | 'request-body' | 'response-headers' | 'response-body';

/** browser_network_request's answer; throws, saying where to look, for an id not kept. */
export async function showNetworkRequest(collector: NetworkCollector, id: number, options: RequestDetailOptions = {}, part?: RequestPart): Promise<string> {
  const found = collector.find(id);
  if (!found) throw new Error(notKept('Request', id, collector.lastId(), 'browser_network_requests'));
  const detail = await requestDetail(found, options);
  return part ? formatRequestPart(detail, part, !!options.save?.binaryOnly) : formatRequestDetail(detail);
}

/**
 * Only one part (Playwright MCP's `part`), bare as Playwright MCP gives it: headers as
 * `name: value` lines, a text body as is, a binary body as the path it was saved to
 * (`autoSaved`: the caller asked for no file, bytes just cannot be shown).
 */
function formatRequestPart(detail: RequestDetail, part: RequestPart, autoSaved: boolean): string {
  if (detail.saved) return autoSaved && 'path' in detail.saved ? detail.saved.path : savedNote(detail.saved);
  switch (part) {
    case 'request-headers': return headerLines(detail.requestHeaders, '');
    case 'response-headers': return detail.responseHeaders ? headerLines(detail.responseHeaders, '')
      : `Request #${detail.item.id} has no response (${outcome(detail.item)}), so it has no response headers.`;
    case 'request-body': return detail.requestBody ? bareBody(detail.requestBody) : '(no request body)';
    case 'response-body': return detail.responseBody ? bareBody(detail.responseBody) : '(no response body)';
  }
}

function savedNote(saved: NonNullable<RequestDetail['saved']>): string {
  return 'path' in saved ? `Saved the full ${saved.which} body to ${saved.path}` : `Not saved: ${saved.error}`;
}

/** A body part's text as is, or why there is none; a cut body says how to get all of it. */
function bareBody(body: BodyView): string {
  if (body.unavailable) return `(${body.unavailable})`;
  if (body.binary) return `(${body.contentType ? `${body.contentType}, ` : ''}${body.bytes} bytes of binary data: pass "filename" to save it to a file)`;
  const cut = body.truncated ? `\n… (cut at ${body.text!.length} characters of ${body.bytes} bytes: pass "filename" to save all of it)` : '';
  return (body.text ?? '') + cut;
}

function formatNetworkListing(listing: NetworkListing): string {
  const lines: string[] = [];
  if (!listing.total) lines.push(`No requests${listing.filtered ? ' match these filters' : ''}${listing.includeEarlier ? '' : ' on the current page'}.`);
  lines.push(...renderGroups(listing, requestLine, 'requests'));
  lines.push(...pagingNote(listing, 'requests'));
  if (!listing.includeEarlier && listing.keptDocuments > 1)
    lines.push(`(Earlier pages made requests too: pass includeEarlier to see the ${listing.keptDocuments - 1} kept before this one.)`);
  return lines.join('\n');
}

/**
 * Playwright MCP's layout: `#3 [POST] url`, an indented General block, the header blocks, then
 * how to read the bodies. Bodies appear only when asked for (ariaref's "bodies" parameter).
 */
function formatRequestDetail(detail: RequestDetail): string {
  const { item, bucket } = detail;
  const lines = [`#${item.id} [${item.method}] ${item.url}`, '', '  General', `    status:    ${outcome(item, true)}`];
  if (item.durationMs !== undefined) lines.push(`    duration:  ${item.durationMs}ms`);
  lines.push(`    type:      ${item.resourceType}`);
  const mimeType = detail.responseHeaders?.['content-type']?.split(';')[0]!.trim();
  if (mimeType) lines.push(`    mimeType:  ${mimeType}`);
  if (item.redirectedFromId !== undefined) lines.push(`    redirected from: #${item.redirectedFromId}`);
  if (item.routed) lines.push(`    ${routedText(item)}`);
  lines.push(`    page:      navigation ${bucket.navigation}, ${shortUrl(bucket.url, 200)}`);
  lines.push('', '  Request headers', headerLines(detail.requestHeaders, '    '));
  if (detail.responseHeaders) lines.push('', '  Response headers', headerLines(detail.responseHeaders, '    '));
  if (detail.requestBody) lines.push('', '  Request body', bodyBlock(detail.requestBody));
  if (detail.responseBody) lines.push('', '  Response body', bodyBlock(detail.responseBody));
  const hints: string[] = [];
  if (detail.hasRequestBody && !detail.requestBody) hints.push(partHint('request-body'));
  if (canHaveResponseBody(item) && !detail.responseBody) hints.push(partHint('response-body'));
  if (detail.saved) hints.push(savedNote(detail.saved));
  if (hints.length) lines.push('', ...hints);
  return lines.join('\n');
}

function partHint(part: 'request-body' | 'response-body'): string {
  return `Call browser_network_request with part="${part}" to read the ${part.replace('-', ' ')}.`;
}

/** No body comes with 1xx, 204 and 304 answers, nor with a failed or pending request. */
function canHaveResponseBody(item: NetworkItem): boolean {
  const status = item.status;
  return item.state !== 'failed' && status !== undefined && status !== 204 && status !== 304 && !(status >= 100 && status < 200);
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

/** `name: value` lines, each under `indent`; a value's line breaks are flattened so it stays one line. */
function headerLines(headers: Record<string, string>, indent: string): string {
  const entries = Object.entries(headers);
  if (!entries.length) return `${indent}(none)`;
  return entries.map(([name, value]) => `${indent}${name}: ${clipLine(value.replace(/\s*\n\s*/g, ' | '), 2000)}`).join('\n');
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
