// The document on its way out, as seen from inside it, so that a settle never answers "quiet" with
// a page that is about to be replaced:
//  - the Navigation API's `navigate` event fires for link clicks, form posts, reloads and location
//    changes, but also for pushState and intercepted SPA routes; those update location.href at once
//    (and an intercepted one shows as `navigation.transition`), so one task later a still-different
//    URL, or a cross-document navigation nobody cancelled or intercepted (a form posted to its own
//    URL, a reload), means the document is leaving;
//  - a form submission only plans its navigation (HTML "form submission algorithm": "plan to
//    navigate" queues a task), and history.back()/forward()/go() only queue a traversal, which the
//    browser answers later; between the call and the navigate event nothing else says a navigation
//    is coming. On a loaded machine a settle's timer can run in that gap: a submit nobody
//    cancelled, form.submit(), or a traversal to an entry that exists counts as a navigation on its
//    way until the navigate event comes (an SPA's "Back" button included: its traversal stays in
//    the document, and the page changes after it).
// Watching starts with the first action's mark (or settle) in a document and stays on: a
// navigation the action started before its settle was called is still known to the settle.
import { listen, nativeSetTimeout, now } from './timing';
import { withPristineBuiltins } from '../pristine';
import { onSubmitInShadowRoot } from '../dom/closed-shadow';

/** A planned submission whose navigate event never came (a sandbox, a handler that threw) stops counting after this. */
const PLANNED_MAX_MS = 1000;

/** A navigation coming: a form's (`form`, and its submit `event` unless form.submit()) or a history traversal's. */
type Planned = { at: number; form?: Element; event?: Event };

const g = globalThis as any;
const apply = Reflect.apply;
let watching = false;
let navigationWatched = false;
let leaving: { url: string; at: number } | undefined;
let planned: Planned | undefined;
let lastNavigateAt = -Infinity;
/** Navigate events whose verdict (leaving or not) waits for its task: until then a plan they answer still counts. */
let verdictsPending = 0;
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
  // it was cancelled is read when asked, after every handler has run. A submit event stays inside
  // the shadow root of its form: those come from the root's own listener (dom/closed-shadow.ts),
  // for roots attached by script; a declarative root's form submits unseen until its navigate event.
  const onSubmit = (event: Event) => { planned = { at: now(), form: event.target as Element, event }; };
  listen(document, 'submit', onSubmit, true);
  onSubmitInShadowRoot(onSubmit);
}

/**
 * form.submit() fires no submit event but plans the same navigation. At install: a change handler
 * that calls it (`<select onchange="this.form.submit()">`) can run inside one of our calls, where
 * only what the record of pristine built-ins holds is in place.
 */
export function installFormSubmitWrapper(define: (target: object, key: string, value: Function) => void): void {
  wrap(define, g.HTMLFormElement?.prototype, 'submit', (form: Element) => { planned = { at: now(), form }; });
}

/** Traversals plan a navigation without an event to see them by. At the first action's mark. */
export function installTraversalWrappers(define: (target: object, key: string, value: Function) => void): void {
  wrap(define, g.History?.prototype, 'back', () => { if (traversalGoes(-1)) planned = { at: now() }; });
  wrap(define, g.History?.prototype, 'forward', () => { if (traversalGoes(1)) planned = { at: now() }; });
  wrap(define, g.History?.prototype, 'go', (_history: unknown, delta: unknown) => {
    const steps = Math.trunc(Number(delta) || 0);
    if (steps && traversalGoes(steps)) planned = { at: now() }; // go(0) reloads: its navigate event fires at once
  });
}

function wrap(define: (target: object, key: string, value: Function) => void, proto: any, key: string, note: (self: any, arg: unknown) => void): void {
  const native = proto?.[key];
  if (typeof native !== 'function') return;
  define(proto, key, function (this: unknown) {
    try { note(this, arguments[0]); } catch { /* a note never stops the page's call */ }
    return apply(native, this, arguments);
  });
}

/**
 * The session history has an entry `steps` away, as far as the Navigation API tells (it lists this
 * frame's same-origin entries): a traversal to nowhere fires no navigate event, and must not hold
 * the settle. One to a cross-origin entry goes unplanned: the driver's navigation tracking sees it.
 */
function traversalGoes(steps: number): boolean {
  const navigation = g.navigation;
  const index = navigation?.currentEntry?.index;
  const count = navigation?.entries?.()?.length;
  return typeof index === 'number' && typeof count === 'number' && index + steps >= 0 && index + steps < count;
}

function onNavigate(event: any): void {
  lastNavigateAt = now();
  const url = event?.destination?.url;
  if (typeof url !== 'string' || event.hashChange || event.downloadRequest) return;
  const crossDocument = event.destination.sameDocument === false;
  verdictsPending++;
  nativeSetTimeout(() => withPristineBuiltins(() => {
    try {
      if (location.href !== url || (crossDocument && !event.defaultPrevented && !g.navigation.transition)) {
        leaving = { url, at: now() };
        if (leavingListener) leavingListener(url);
      }
    } finally {
      verdictsPending--;
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
 * A form submitted, or a history traversal asked for, at or after `since` plans to navigate this
 * document and its navigate event has not fired yet. Not for a cancelled submit, `method=dialog`, a
 * `javascript:` action, or a target that is another browsing context (those leave this document
 * in place).
 */
export function navigationPlannedSince(since: number): boolean {
  const p = planned;
  // The navigate event answers the plan, once its verdict is in: a settle that looks in between
  // (its timer due in the same turn) must not find neither a plan nor a leaving document.
  if (!p || p.at < since || (lastNavigateAt >= p.at && !verdictsPending) || now() - p.at > PLANNED_MAX_MS) return false;
  if (!p.form) return true; // a traversal
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
