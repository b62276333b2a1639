// What the network tools answer, as markdown built from the collector.
import { pageOf } from './buckets.js';
import type { NetworkCollector, NetworkFilter, NetworkItem } from './network.js';
import { requestBody, requestHeaders, responseBody, responseHeaders, saveBody, type BodyView } from './network-bodies.js';
import { clipLine, fenced, flatten, notKept, pagingNote, renderGroups, shortUrl } from './queries.js';

export interface NetworkQuery extends NetworkFilter {
  offset?: number;
  limit?: number;
}

export function listNetworkRequests(collector: NetworkCollector, query: NetworkQuery = {}): string {
  const groups = collector.list(query);
  const flat = flatten(groups);
  const page = pageOf(flat, query.offset, query.limit ?? 100);
  const filtered = !!(query.url || query.resourceTypes?.length || query.status);
  const lines: string[] = [];
  if (!flat.length) lines.push(`No requests${filtered ? ' match these filters' : ''}${query.includeEarlier ? '' : ' on the current page'}.`);
  lines.push(...renderGroups(page.items, groups, !!query.includeEarlier, requestLine, 'requests'));
  lines.push(...pagingNote(page, 'requests'));
  const kept = collector.buckets.all().length;
  if (!query.includeEarlier && kept > 1) lines.push(`(Earlier pages made requests too: pass includeEarlier to see the ${kept - 1} kept before this one.)`);
  if (flat.length) lines.push('(Details, headers and bodies of one request: browser_network_request with its id.)');
  return lines.join('\n');
}

function requestLine(item: NetworkItem): string {
  const duration = item.durationMs !== undefined ? ` ${item.durationMs} ms` : '';
  return `- #${item.id} ${item.method} ${shortUrl(item.url, 300)} => ${outcome(item)} [${item.resourceType}]${duration}`;
}

function outcome(item: NetworkItem): string {
  if (item.state === 'failed') return `FAILED ${item.failure ?? ''}`.trim() + (item.status ? ` (after ${item.status})` : '');
  if (item.status === undefined) return 'pending';
  return `${item.status}${item.statusText ? ' ' + item.statusText : ''}${item.fromServiceWorker ? ' (service worker)' : ''}`;
}

export interface RequestDetailOptions {
  /** Bodies to show: default both. */
  bodies?: 'none' | 'request' | 'response' | 'both';
  /** Shown body bytes at most (the rest is cut with a note). Default 100 000. */
  maxBodyBytes?: number;
  /** Save the full body (not cut) to this file, when given; see saveRequestBody. */
  save?: { which: 'request' | 'response'; path: () => Promise<string> | string };
}

export async function showNetworkRequest(collector: NetworkCollector, id: number, options: RequestDetailOptions = {}): Promise<string> {
  const found = collector.find(id);
  if (!found) throw new Error(notKept('Request', id, collector.lastId(), 'browser_network_requests'));
  const { item, bucket } = found;
  const max = options.maxBodyBytes ?? 100_000;
  const bodies = options.bodies ?? 'both';
  const lines = [`#### Request #${item.id}`, `${item.method} ${item.url}`, '', `- Status: ${outcome(item)}`, `- Resource type: ${item.resourceType}`];
  if (item.durationMs !== undefined) lines.push(`- Duration: ${item.durationMs} ms`);
  if (item.redirectedFromId !== undefined) lines.push(`- Redirected from: #${item.redirectedFromId}`);
  lines.push(`- Page: navigation ${bucket.navigation}, ${shortUrl(bucket.url, 200)}`);
  lines.push('', '##### Request headers', headerBlock(await requestHeaders(item)));
  if (bodies === 'request' || bodies === 'both') lines.push('', '##### Request body', bodyBlock(requestBody(item, max)));
  const headers = await responseHeaders(item);
  if (headers) lines.push('', '##### Response headers', headerBlock(headers));
  if (bodies === 'response' || bodies === 'both') lines.push('', '##### Response body', bodyBlock(await responseBody(item, max)));
  if (options.save) {
    try {
      const path = await saveBody(item, options.save.which, options.save.path);
      lines.push('', `Saved the full ${options.save.which} body to ${path}`);
    } catch (error) {
      lines.push('', `Not saved: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return lines.join('\n');
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
