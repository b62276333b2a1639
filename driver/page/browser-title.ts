// A tab's title as the browser holds it (what its tab strip shows), read over our DevTools session
// of the page: the browser process answers, the renderer is not asked. Every answer that lists two
// or more tabs reads each tab's title, and a loaded machine schedules each call into a renderer late.
import type { Frame } from 'playwright';
import { locateFrame } from './cdp-frames.js';

interface TargetInfoReply {
  targetInfo?: { title?: unknown; url?: unknown };
}

/** A browser keeps titles this long at most; a longer document title is read from the document. */
const BROWSER_TITLE_MAX_CHARS = 1000;

/** A percent-decoded URL, or the URL itself where it does not decode. */
function decoded(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * Whether the browser may have made `title` from the URL: it shows the address of a document that
 * has no title ("127.0.0.1:8080/a/b", "localhost:3000", "data:text/html,..."). Such a title is read
 * from the document instead, which then says it has none. Erring towards yes only costs a call.
 */
export function mayBeMadeFromUrl(title: string, url: string): boolean {
  if (!title.trim()) return true;
  const full = decoded(url);
  if (title === url || title === full) return true;
  let host = '';
  try { host = new URL(url).host; } catch { /* not a URL: compared whole above */ }
  if (host && title.startsWith(host)) return true;
  const rest = full.replace(/^[a-z][a-z0-9+.-]*:(\/\/)?/i, '');
  return rest === title || rest.replace(/\/$/, '') === title;
}

/**
 * The title of `mainFrame`'s document as the browser holds it; undefined where that cannot tell
 * the document's own title (no DevTools session of ours there, a title made from the URL, a title
 * longer than a browser keeps): ask the document then.
 */
export async function browserTitle(mainFrame: Frame): Promise<string | undefined> {
  const where = await locateFrame(mainFrame);
  if (!where) return undefined;
  const reply = await where.target.send<TargetInfoReply>('Target.getTargetInfo');
  const title = reply.targetInfo?.title;
  const url = reply.targetInfo?.url;
  if (typeof title !== 'string' || typeof url !== 'string') return undefined;
  // The browser's entry and the frame must be the same document's (not one a navigation just replaced).
  if (url !== mainFrame.url()) return undefined;
  if (title.length >= BROWSER_TITLE_MAX_CHARS || mayBeMadeFromUrl(title, url)) return undefined;
  return title;
}
