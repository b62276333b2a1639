// The document on its way out, as seen from inside it, so that a settle never answers "quiet" with
// a page that is about to be replaced:
//  - the Navigation API's `navigate` event fires for link clicks, form posts, reloads and location
//    changes, but also for pushState and intercepted SPA routes; those update location.href at once
//    (and an intercepted one shows as `navigation.transition`), so one task later a still-different
//    URL, or a cross-document navigation nobody cancelled or intercepted (a form posted to its own
//    URL, a reload), means the document is leaving;
//  - a form submission only plans its navigation (HTML "form submission algorithm": "plan to
//    navigate" queues a task), so between the submit and that task nothing else says the document
//    is leaving. On a loaded machine a settle's timer can run in that gap: a submit nobody
//    cancelled, or form.submit(), counts as a navigation on its way until the navigate event comes.
// Watching starts with the first action's mark (or settle) in a document and stays on: a navigation
// the action started before its settle was called is still known to the settle.
import { listen, nativeSetTimeout, now } from './timing';
import { withPristineBuiltins } from '../pristine';

/** A planned submission whose navigate event never came (a sandbox, a handler that threw) stops counting after this. */
const PLANNED_MAX_MS = 1000;

type Planned = { at: number; form: Element; event?: Event };

const g = globalThis as any;
const apply = Reflect.apply;
let watching = false;
let navigationWatched = false;
let leaving: { url: string; at: number } | undefined;
let planned: Planned | undefined;
let lastNavigateAt = -Infinity;
let leavingListener: ((url: string) => void) | undefined;

/** Starts the watch (once per document). */
export function watchLeaving(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  const navigation = g.navigation;
  if (!navigation || typeof location === 'undefined') return; // the driver gives navigations a start window of its own
  navigationWatched = true;
  listen(navigation, 'navigate', onNavigate);
  // Capturing at the document: a handler that stops the event on the way down cannot hide it. Whether
  // it was cancelled is read when asked, after every handler has run. (A form in a shadow root
  // submits unseen: its submit event stays inside; its navigate event still ends the settle.)
  listen(document, 'submit', (event: Event) => { planned = { at: now(), form: event.target as Element, event }; }, true);
  wrapFormSubmit();
}

/** form.submit() fires no submit event but plans the same navigation. */
function wrapFormSubmit(): void {
  const proto = g.HTMLFormElement?.prototype;
  const native = proto?.submit;
  if (typeof native !== 'function') return;
  const submit = function (this: Element) {
    planned = { at: now(), form: this };
    return apply(native, this, arguments);
  };
  try {
    Object.defineProperty(submit, 'name', { value: 'submit', configurable: true });
    Object.defineProperty(proto, 'submit', { value: submit, writable: true, configurable: true, enumerable: true });
  } catch {
    // locked by the page or an extension: such submissions are seen when their navigate event fires
  }
}

function onNavigate(event: any): void {
  lastNavigateAt = now();
  const url = event?.destination?.url;
  if (typeof url !== 'string' || event.hashChange || event.downloadRequest) return;
  const crossDocument = event.destination.sameDocument === false;
  nativeSetTimeout(() => withPristineBuiltins(() => {
    if (location.href !== url || (crossDocument && !event.defaultPrevented && !g.navigation.transition)) {
      leaving = { url, at: now() };
      if (leavingListener) leavingListener(url);
    }
  }), 0);
}

/** The Navigation API is there: a navigation the document starts is seen (otherwise the driver must watch for one). */
export function watchesNavigation(): boolean {
  return navigationWatched;
}

/** One listener at a time (one settle runs per document); returns the unsubscribe. */
export function onLeaving(listener: (url: string) => void): () => void {
  leavingListener = listener;
  return () => { if (leavingListener === listener) leavingListener = undefined; };
}

/** Where the document is going, if it started leaving at or after `since` (performance.now() time). */
export function leftSince(since: number): string | undefined {
  return leaving && leaving.at >= since ? leaving.url : undefined;
}

/**
 * A form submitted at or after `since` plans to navigate this document and its navigate event has
 * not fired yet. Not for a cancelled submit, `method=dialog`, a `javascript:` action, or a target
 * that is another browsing context (those leave this document in place).
 */
export function submissionPlannedSince(since: number): boolean {
  const p = planned;
  if (!p || p.at < since || lastNavigateAt >= p.at || now() - p.at > PLANNED_MAX_MS) return false;
  try {
    if (p.event?.defaultPrevented) return false;
    const submitter = (p.event as SubmitEvent | undefined)?.submitter ?? null;
    const method = submitter?.getAttribute('formmethod') ?? p.form.getAttribute('method');
    if (method?.trim().toLowerCase() === 'dialog') return false;
    const action = submitter?.getAttribute('formaction') ?? p.form.getAttribute('action') ?? '';
    if (/^\s*javascript:/i.test(action)) return false;
    const target = (submitter?.getAttribute('formtarget') ?? p.form.getAttribute('target')
      ?? document.querySelector('base[target]')?.getAttribute('target') ?? '').trim().toLowerCase();
    return target === '' || target === '_self' || (target === '_top' && window.top === window) || (target === '_parent' && window.parent === window);
  } catch {
    return true; // unreadable: let the cap decide
  }
}
