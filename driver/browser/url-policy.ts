// Which URLs a caller may load: the file: rule and the origin lists, applied to the URL a page
// would really load. Schemes that wrap another URL (view-source:, blob:, filesystem:) are
// unwrapped first, so `view-source:file:///etc/passwd` is refused like `file:///etc/passwd`
// and `view-source:https://blocked.example` like the blocked origin itself. URLs are read with
// the WHATWG parser a browser uses: case, leading spaces and tabs or newlines inside a scheme
// change nothing. Redirects to file: are refused by Chromium itself (ERR_UNSAFE_REDIRECT).
import { originVerdict, type OriginPolicy } from './origins.js';
import { ArgumentError } from '../errors.js';

export interface UrlPolicy extends OriginPolicy {
  /** file: URLs (and URLs wrapping one) may load. */
  allowFileAccess?: boolean;
}

export type UrlRefusal = 'file' | 'origin' | 'invalid';

/** A URL the policy does not let load; `reached` is the URL it unwrapped to. */
export class UrlRefusedError extends ArgumentError {
  constructor(message: string, readonly url: string, readonly reason: UrlRefusal, readonly reached: string) {
    super(message, 'url');
    this.name = 'UrlRefusedError';
  }
}

/** Schemes whose URL names another one: what they show or belong to is that URL's. */
const WRAPPERS = new Set(['view-source:', 'blob:', 'filesystem:']);

/** Chromium's longest URL (url::kMaxURLChars). */
const MAX_URL_CHARS = 2 * 1024 * 1024;
/** The longest DNS name. */
const MAX_HOST_CHARS = 253;

/** The URL a wrapped one reaches (`view-source:blob:file:///x` → `file:///x`); an unparsable URL as given. */
export function unwrapUrl(url: string): string {
  let current = url;
  for (let depth = 0; depth < 8; depth++) {
    let parsed: URL;
    try { parsed = new URL(current); } catch { return current; }
    if (!WRAPPERS.has(parsed.protocol)) return parsed.href;
    current = parsed.href.slice(parsed.protocol.length);
  }
  return current;
}

/** Throws UrlRefusedError when `url` may not load under `policy`. */
export function checkUrl(policy: UrlPolicy, url: string): void {
  const shown = url.length > 200 ? `${url.slice(0, 200)}… (${url.length} characters)` : url;
  if (url.length > MAX_URL_CHARS)
    throw new UrlRefusedError(`The URL is ${url.length} characters long; Chromium loads at most ${MAX_URL_CHARS}.`, url, 'invalid', url);
  const reached = unwrapUrl(url);
  let parsed: URL | undefined;
  try { parsed = new URL(reached); } catch { /* the browser says what is wrong with it */ }
  if (parsed && parsed.hostname.length > MAX_HOST_CHARS)
    throw new UrlRefusedError(`The host name of "${shown}" is ${parsed.hostname.length} characters long; a DNS name has at most ${MAX_HOST_CHARS}.`, url, 'invalid', reached);
  const via = reached !== url && parsed ? ` (it loads ${parsed.protocol}${parsed.protocol === 'file:' ? parsed.pathname : `//${parsed.host}`})` : '';
  if (parsed?.protocol === 'file:' && !policy.allowFileAccess)
    throw new UrlRefusedError(`Access to "file:" protocol is blocked. Attempted URL: "${shown}"${via}.`, url, 'file', reached);
  const refusal = originVerdict(policy, reached);
  if (refusal) throw new UrlRefusedError(`net::ERR_BLOCKED_BY_CLIENT: not navigating to ${shown}${via}: ${refusal}.`, url, 'origin', reached);
}
