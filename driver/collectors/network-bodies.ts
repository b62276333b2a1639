// Headers and bodies of one kept request, fetched on demand. Every Playwright call here is
// raced against a timeout: a response that never finishes (a stream, a hung server) must not
// hang whoever asked for its body.
import { writeFile } from 'node:fs/promises';
import type { NetworkItem } from './network-item.js';
import type { Bucket } from './buckets.js';
import { withDeadline } from '../deadline.js';
import { firstLine } from '../errors.js';

export interface BodyView {
  /** The body as text (possibly cut), or undefined when there is no readable text. */
  text?: string;
  /** Size of the whole body in bytes. */
  bytes: number;
  truncated: boolean;
  binary: boolean;
  contentType?: string;
  /** Why there is no body to show, when there is none. */
  unavailable?: string;
}

export interface RequestDetailOptions {
  /** Bodies to read: default both. */
  bodies?: 'none' | 'request' | 'response' | 'both';
  /** Body bytes read at most (the view says when the rest was cut). Default 100 000. */
  maxBodyBytes?: number;
  /**
   * Also write one body, whole, to the file `path` returns; with `binaryOnly`, only when that
   * body is not text (text is shown, bytes cannot be).
   */
  save?: { which: 'request' | 'response'; path: () => Promise<string> | string; binaryOnly?: boolean };
}

/** Everything known about one kept request; bodies and headers as asked for. */
export interface RequestDetail {
  item: NetworkItem;
  bucket: Bucket<NetworkItem>;
  requestHeaders: Record<string, string>;
  /** The request carries a body (read or not). */
  hasRequestBody: boolean;
  requestBody?: BodyView;
  /** Undefined while no response arrived. */
  responseHeaders?: Record<string, string>;
  responseBody?: BodyView;
  /** The outcome of `save`, when asked: where the body went, or why it could not be written. */
  saved?: { which: 'request' | 'response'; path: string } | { which: 'request' | 'response'; error: string };
}

const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'authorization', 'proxy-authorization']);
const DEFAULT_TIMEOUT_MS = 5000;

/** Reads what `options` asks for of the kept request `found` (from NetworkCollector.find). */
export async function requestDetail(
  found: { item: NetworkItem; bucket: Bucket<NetworkItem> },
  options: RequestDetailOptions = {},
): Promise<RequestDetail> {
  const { item, bucket } = found;
  const max = options.maxBodyBytes ?? 100_000;
  const bodies = options.bodies ?? 'both';
  const detail: RequestDetail = { item, bucket, requestHeaders: await requestHeaders(item), hasRequestBody: !!item.request.postDataBuffer()?.length };
  if (bodies === 'request' || bodies === 'both') detail.requestBody = requestBody(item, max);
  detail.responseHeaders = await responseHeaders(item);
  if (bodies === 'response' || bodies === 'both') detail.responseBody = await responseBody(item, max);
  const shown = options.save?.which === 'request' ? detail.requestBody : detail.responseBody;
  if (options.save && !(options.save.binaryOnly && !shown?.binary)) {
    const which = options.save.which;
    try {
      detail.saved = { which, path: await saveBody(item, which, options.save.path) };
    } catch (error) {
      detail.saved = { which, error: String((error as Error)?.message ?? error).split('\n')[0] };
    }
  }
  return detail;
}

async function requestHeaders(item: NetworkItem): Promise<Record<string, string>> {
  const request = item.request;
  return redact(await withDeadline(request.allHeaders(), DEFAULT_TIMEOUT_MS, () => new Error(`timed out after ${DEFAULT_TIMEOUT_MS} ms`)).catch(() => request.headers()));
}

async function responseHeaders(item: NetworkItem): Promise<Record<string, string> | undefined> {
  const response = item.response;
  if (!response) return undefined;
  return redact(await withDeadline(response.allHeaders(), DEFAULT_TIMEOUT_MS, () => new Error(`timed out after ${DEFAULT_TIMEOUT_MS} ms`)).catch(() => response.headers()));
}

/** Credentials never reach the agent's transcript; their presence and length still help debugging. */
function redact(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? `<redacted, ${value.length} chars>` : value;
  return out;
}

function requestBody(item: NetworkItem, maxBytes: number): BodyView {
  const buffer = item.request.postDataBuffer();
  const contentType = headerOf(item.request.headers(), 'content-type');
  if (!buffer || buffer.length === 0) return { bytes: 0, truncated: false, binary: false, contentType, unavailable: 'no request body' };
  return view(buffer, contentType, maxBytes);
}

async function responseBody(item: NetworkItem, maxBytes: number, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<BodyView> {
  const buffer = await rawResponseBody(item, timeoutMs);
  const contentType = item.response ? headerOf(item.response.headers(), 'content-type') : undefined;
  if (typeof buffer === 'string') return { bytes: 0, truncated: false, binary: false, contentType, unavailable: buffer };
  return view(buffer, contentType, maxBytes);
}

/** Writes the whole body (never cut) to the path `target` chooses (the caller checks it) and returns it. */
async function saveBody(item: NetworkItem, which: 'request' | 'response', target: () => Promise<string> | string): Promise<string> {
  let buffer: Buffer | string;
  if (which === 'request') buffer = item.request.postDataBuffer() ?? 'the request has no body';
  else buffer = await rawResponseBody(item, DEFAULT_TIMEOUT_MS);
  if (typeof buffer === 'string') throw new Error(`Cannot save the ${which} body of request #${item.id}: ${buffer}.`);
  const path = await target();
  await writeFile(path, buffer);
  return path;
}

/** The body, or a sentence saying why it cannot be had. */
async function rawResponseBody(item: NetworkItem, timeoutMs: number): Promise<Buffer | string> {
  if (item.state === 'failed') return `the request failed (${item.failure}), there is no response body`;
  if (!item.response) return 'no response yet (the request is still pending)';
  const status = item.response.status();
  if (status >= 300 && status < 400) return `a ${status} redirect has no body to show`;
  if (item.capturedBody) return item.capturedBody;
  // Headers arrived but Playwright has not reported the end yet: the body usually completes within
  // moments, so wait for it (bounded) instead of answering "still loading" on a race.
  if (item.state === 'pending') {
    try {
      return await withDeadline(item.response.body(), timeoutMs, () => new Error(`timed out after ${timeoutMs} ms`));
    } catch {
      return 'the response is still loading; ask again once it finished';
    }
  }
  try {
    return await withDeadline(item.response.body(), timeoutMs, () => new Error(`timed out after ${timeoutMs} ms`));
  } catch (error) {
    return `the browser no longer has it: Chromium drops response bodies when the page navigates away (${firstLine(error)}). Repeat the request on the current page to read its body`;
  }
}

function view(buffer: Buffer, contentType: string | undefined, maxBytes: number): BodyView {
  const binary = !isTextual(contentType, buffer);
  if (binary) return { bytes: buffer.length, truncated: false, binary, contentType };
  const truncated = buffer.length > maxBytes;
  // Cutting may split a UTF-8 sequence; the decoder replaces the broken tail, which is fine for display.
  const text = buffer.subarray(0, truncated ? maxBytes : buffer.length).toString('utf8');
  return { text, bytes: buffer.length, truncated, binary, contentType };
}

function isTextual(contentType: string | undefined, buffer: Buffer): boolean {
  const type = (contentType ?? '').toLowerCase();
  if (/^text\/|json|javascript|ecmascript|xml|x-www-form-urlencoded|graphql|csv|svg/.test(type)) return true;
  if (type) return false;
  // No content type: call it text when the start has no NUL bytes.
  return !buffer.subarray(0, 1024).includes(0);
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find(k => k.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

/** A file name for one of the request's bodies: its id, which body, the URL's last segment, an extension. */
export function bodyFileName(item: NetworkItem, which: 'request' | 'response'): string {
  let last = '';
  try {
    last = new URL(item.url).pathname.split('/').filter(Boolean).pop() ?? '';
  } catch {
    // Not a URL we can parse: fall back to the id alone.
  }
  const name = `request-${item.id}-${which}${last ? '-' + last : ''}`;
  const headers = which === 'request' ? item.request.headers() : item.response?.headers() ?? {};
  const ext = extensionFor(headerOf(headers, 'content-type'));
  return ext && !name.toLowerCase().endsWith(ext) ? name + ext : name;
}

const EXTENSIONS: Array<[RegExp, string]> = [
  [/json/, '.json'], [/html/, '.html'], [/javascript|ecmascript/, '.js'], [/css/, '.css'], [/svg/, '.svg'],
  [/xml/, '.xml'], [/png/, '.png'], [/jpe?g/, '.jpg'], [/gif/, '.gif'], [/webp/, '.webp'], [/pdf/, '.pdf'],
  [/csv/, '.csv'], [/^text\//, '.txt'],
];

function extensionFor(contentType: string | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  return EXTENSIONS.find(([pattern]) => pattern.test(type))?.[1] ?? '';
}

