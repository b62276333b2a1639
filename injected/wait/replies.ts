// Answers the action asked for outside the page: a message it sends to its server over a
// WebSocket (Phoenix LiveView, Blazor Server and chat apps send every click and keystroke that way
// and patch the page from the reply), or to a worker (a search or a parser running off the main
// thread). The page changes when the answer arrives, tens or hundreds of ms later, with nothing in
// between for the settle to wait on. So a send from the action's code counts as a request until
// the socket or worker next delivers a message, closes or fails, for REPLY_MAX_MS at most: a send
// that expects no answer (a typing indicator) costs the action that long and no more.

/** What activity.ts lends the wrappers; `C` is its tracking context. */
export interface ReplyHooks<C> {
  /** The context of the code running now; undefined when it is not tracked. */
  context(): C | undefined;
  /** Count a request of `ctx`'s for `maxMs` at most; the returned function ends it (idempotent). */
  request(ctx: C, maxMs: number): () => void;
  define(target: object, key: string, value: Function): void;
}

/** How long an unanswered send is waited for. */
export const REPLY_MAX_MS = 600;

const g = globalThis as any;
// Captured at install: the wrappers run inside page code and must not depend on what the page replaces.
const apply = Reflect.apply;

export function wrapReplies<C>(hooks: ReplyHooks<C>): void {
  wrapSender(hooks, g.WebSocket?.prototype, 'send', ['message', 'close', 'error']);
  wrapSender(hooks, g.Worker?.prototype, 'postMessage', ['message', 'messageerror', 'error']);
}

function wrapSender<C>(hooks: ReplyHooks<C>, proto: object | undefined, method: string, answers: string[]): void {
  const send = (proto as any)?.[method];
  const addListener = g.EventTarget?.prototype?.addEventListener;
  const WeakMapCtor = g.WeakMap;
  if (typeof send !== 'function' || typeof addListener !== 'function' || typeof WeakMapCtor !== 'function') return;
  // Per socket or worker, the sends still waiting; one set of listeners each, added on its first send.
  const waiting = new WeakMapCtor();
  const getWaiting = WeakMapCtor.prototype.get;
  const setWaiting = WeakMapCtor.prototype.set;
  hooks.define(proto!, method, function (this: EventTarget) {
    const ctx = hooks.context();
    // A send that throws (a socket not open yet) sent nothing: nothing to wait for.
    const result = apply(send, this, arguments);
    if (!ctx) return result;
    let ends: Array<() => void> | undefined = apply(getWaiting, waiting, [this]);
    if (!ends) {
      const list: Array<() => void> = [];
      ends = list;
      apply(setWaiting, waiting, [this, list]);
      const answered = () => {
        const due = list.length;
        for (let i = 0; i < due; i++) list[i]();
        list.length = 0;
      };
      try {
        for (let i = 0; i < answers.length; i++) apply(addListener, this, [answers[i], answered]);
      } catch {
        return result; // not an event target after all: its answers go unwaited
      }
    }
    ends[ends.length] = hooks.request(ctx, REPLY_MAX_MS);
    return result;
  });
}
