// The `ariaref=<ref>` Playwright selector engine: resolves a snapshot ref through the page's
// runtime, so actions on a ref get Playwright's auto-waiting and actionability checks.
// (Playwright reserves the name "aria-ref" for its own snapshots; engine names allow
// [a-zA-Z0-9_] only.)
import { selectors as defaultSelectors, type BrowserContext, type Selectors } from 'playwright';

export const ENGINE_NAME = 'ariaref';

/**
 * Runs in the page's main world (custom engines do), where `__ariaref` lives. An unknown ref
 * (typo, older document) throws the runtime's message so a locator fails at once instead of
 * waiting for its timeout; a removed element just matches nothing, so "wait until gone" works.
 */
function createEngine() {
  const composedContains = (root: Node, node: Node | null): boolean => {
    for (let current = node; current; current = current.parentNode ?? (current as any).host ?? null)
      if (current === root) return true;
    return false;
  };
  return {
    query(root: Node, ref: string): Element | null {
      const api = (globalThis as any).__ariaref;
      if (!api) return null;
      const problem = api.checkRef(ref);
      if (problem) {
        if (problem.kind === 'removed') return null;
        throw new Error(problem.error);
      }
      const element = api.resolve(ref) as Element;
      return composedContains(root, element) ? element : null;
    },
    queryAll(root: Node, ref: string): Element[] {
      const element = this.query(root, ref);
      return element ? [element] : [];
    },
  };
}

const registered = new WeakMap<Selectors, Promise<void>>();

function registerOn(selectors: Selectors): Promise<void> {
  let done = registered.get(selectors);
  if (!done) {
    done = selectors.register(ENGINE_NAME, createEngine).catch((error: Error) => {
      // Another copy of ariaref in this process registered the same engine: fine.
      if (!/already registered/.test(error.message)) throw error;
    });
    registered.set(selectors, done);
  }
  return done;
}

/** The Selectors of the Playwright instance that created `context` (may differ from ours). */
function selectorsOf(context: BrowserContext): Selectors | undefined {
  // Private path, guarded: a page from another copy of playwright-core has its own registry.
  const selectors = (context as any)?._browser?._browserType?._playwright?.selectors;
  return selectors && typeof selectors.register === 'function' ? selectors : undefined;
}

const contextsDone = new WeakMap<BrowserContext, Promise<void>>();

/**
 * Contexts created by the browser itself (the default context reached over CDP) never got the
 * engines registered before they appeared: register on that context directly. Uses
 * Playwright's per-context channel call, guarded; a context that already has it is fine.
 */
function registerOnContext(context: BrowserContext): Promise<void> {
  let done = contextsDone.get(context);
  if (!done) {
    const channel = (context as any)._channel;
    done = typeof channel?.registerSelectorEngine === 'function'
      ? Promise.resolve(channel.registerSelectorEngine({ selectorEngine: { name: ENGINE_NAME, source: `(${createEngine.toString()})()` } }))
        .then(() => undefined, () => undefined) // "already registered", or an older protocol: nothing to do
      : Promise.resolve();
    contextsDone.set(context, done);
  }
  return done;
}

/**
 * Registers the `ariaref` engine once per Playwright instance (Playwright pushes it to every
 * live context it created, and adds it to contexts created later), and on `context` itself.
 */
export async function ensureSelectorEngine(context?: BrowserContext): Promise<void> {
  await registerOn(defaultSelectors);
  const own = context && selectorsOf(context);
  if (own && own !== defaultSelectors) await registerOn(own);
  if (context) await registerOnContext(context);
}

/** The selector string for a ref. */
export function refSelector(ref: string): string {
  return `${ENGINE_NAME}=${ref}`;
}
