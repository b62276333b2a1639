// One DevTools protocol session on a page or out-of-process iframe target, used to call the
// runtime without any page JavaScript in between: Playwright's own main-world helper script
// (its UtilityScript) is built from the page's built-ins, so a page that replaces
// `Array.prototype.push` or `Map` breaks every `frame.evaluate`. `Runtime.evaluate` with
// `returnByValue` is serialized by V8 itself. The session tracks each frame's default
// (main-world) execution context from the Runtime domain's events.
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright';

/** The bits of a CDP RemoteObject we read. */
export interface RemoteObject {
  type: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  objectId?: string;
}

interface ExceptionDetails {
  text: string;
  exception?: RemoteObject;
}

export interface EvaluateResult {
  result: RemoteObject;
  exceptionDetails?: ExceptionDetails;
}

/** A frame node of `Page.getFrameTree`. */
export interface CdpFrameTree {
  frame: { id: string; parentId?: string; url: string; urlFragment?: string; name?: string };
  childFrames?: CdpFrameTree[];
}

/** An exception thrown by the evaluated code: its message is the page's own. */
export class PageScriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageScriptError';
  }
}

/** The session or its target is gone: the caller should fall back to Playwright. */
export class SessionGoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionGoneError';
  }
}

/** Playwright's wording, so callers that retry after a navigation recognize it. */
export const CONTEXT_DESTROYED = 'Execution context was destroyed, most likely because of a navigation';

/**
 * V8's description of a thrown value, without its stack lines: "Error: No element matches...".
 * Playwright keeps the "Error: " prefix too, so messages read the same on both paths.
 */
export function exceptionMessage(details: ExceptionDetails): string {
  const exception = details.exception;
  if (exception?.description) {
    const lines = exception.description.split('\n');
    let end = lines.length;
    while (end > 1 && /^\s+at /.test(lines[end - 1]!)) end--;
    return lines.slice(0, end).join('\n');
  }
  if (exception && 'value' in exception) return String(exception.value);
  return details.text || 'The page threw an exception';
}

function isContextGone(message: string): boolean {
  return /Cannot find context with specified id|Execution context was destroyed|Inspected target navigated or closed|Cannot find default execution context/i.test(message);
}

function isSessionGone(message: string): boolean {
  return /Target closed|Session closed|has been closed|No target with given id|Target page, context or browser has been closed|detached/i.test(message);
}

/** A protocol error turned into one of the errors callers know how to handle. */
function translate(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (isContextGone(message)) return new Error(CONTEXT_DESTROYED);
  if (isSessionGone(message)) return new SessionGoneError(message);
  return error instanceof Error ? error : new Error(message);
}

export class CdpTarget {
  /** CDP frame id -> id of its default execution context. */
  private readonly contexts = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private readonly windowOpenListeners = new Set<(url: string) => void>();
  private closed = false;

  private constructor(private readonly session: CDPSession, readonly rootFrameId: string) {}

  /**
   * Attaches to the target of a page, or of an out-of-process frame (throws for others).
   * `watchWindowOpens`: also enable the Page domain, whose `Page.windowOpen` says at once that a
   * popup is coming; Playwright's `popup` event only follows once the new page is set up, which
   * on a busy machine can be long after the action that opened it has settled.
   */
  static async attach(context: BrowserContext, owner: Page | Frame, watchWindowOpens = false): Promise<CdpTarget> {
    const session = await context.newCDPSession(owner);
    try {
      const { frameTree } = await session.send('Page.getFrameTree') as { frameTree: CdpFrameTree };
      const target = new CdpTarget(session, frameTree.frame.id);
      target.listen();
      // Runtime.enable reports every existing context before it answers, then each new one.
      await Promise.all([session.send('Runtime.enable'), watchWindowOpens ? session.send('Page.enable') : undefined]);
      return target;
    } catch (error) {
      session.detach().catch(() => {});
      throw error;
    }
  }

  private listen(): void {
    const on = (event: string, handler: (payload: any) => void) => (this.session as any).on(event, handler);
    on('Runtime.executionContextCreated', ({ context }) => {
      const aux = context?.auxData;
      if (!aux?.isDefault || typeof aux.frameId !== 'string') return;
      this.contexts.set(aux.frameId, context.id);
      this.wake();
    });
    on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
      for (const [frameId, id] of this.contexts) if (id === executionContextId) this.contexts.delete(frameId);
    });
    on('Runtime.executionContextsCleared', () => this.contexts.clear());
    on('Page.windowOpen', ({ url }) => { for (const listener of [...this.windowOpenListeners]) listener(String(url ?? '')); });
    (this.session as any).on('close', () => this.markClosed());
  }

  /** Called with the URL of each window the target's documents open (only with watchWindowOpens). */
  onWindowOpen(listener: (url: string) => void): () => void {
    this.windowOpenListeners.add(listener);
    return () => this.windowOpenListeners.delete(listener);
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private markClosed(): void {
    this.closed = true;
    this.contexts.clear();
    this.wake();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The default context of a frame, waiting up to `waitMs` for it to be created. */
  async contextId(frameId: string, waitMs: number): Promise<number | undefined> {
    const known = this.contexts.get(frameId);
    if (known !== undefined || this.closed || waitMs <= 0) return known;
    return new Promise(resolve => {
      const done = () => {
        const id = this.contexts.get(frameId);
        if (id === undefined && !this.closed) return;
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(id);
      };
      const timer = setTimeout(() => { this.waiters.delete(done); resolve(this.contexts.get(frameId)); }, waitMs);
      this.waiters.add(done);
    });
  }

  /** Sends a command; protocol errors become navigation or session-gone errors. */
  async send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.closed) throw new SessionGoneError('The DevTools session was closed');
    try {
      return await (this.session as any).send(method, params) as T;
    } catch (error) {
      throw translate(error);
    }
  }

  frameTree(): Promise<CdpFrameTree> {
    return this.send<{ frameTree: CdpFrameTree }>('Page.getFrameTree').then(result => result.frameTree);
  }

  /** Throws the page's exception as PageScriptError; otherwise the result object. */
  static unwrap(result: EvaluateResult): RemoteObject {
    if (result.exceptionDetails) throw new PageScriptError(exceptionMessage(result.exceptionDetails));
    return result.result;
  }

  /** A by-value result: V8 serializes it natively, no page code runs. */
  static valueOf(object: RemoteObject): unknown {
    if (object.type === 'undefined') return undefined;
    if (object.unserializableValue !== undefined) {
      const text = object.unserializableValue;
      if (text.endsWith('n')) return BigInt(text.slice(0, -1));
      return Number(text); // NaN, Infinity, -Infinity, -0
    }
    return object.value;
  }

  detach(): void {
    this.markClosed();
    this.session.detach().catch(() => {});
  }
}
