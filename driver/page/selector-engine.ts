// The `ariaref=<ref>` Playwright selector engine: resolves a snapshot ref through the page's
// runtime, so actions on a ref get Playwright's auto-waiting and actionability checks.
// (Playwright reserves the name "aria-ref" for its own snapshots; engine names allow
// [a-zA-Z0-9_] only.)
import { selectors as defaultSelectors, type BrowserContext, type Frame, type Locator, type Page, type Selectors } from 'playwright';
import { callInFrame } from './cdp-evaluate.js';

export const ENGINE_NAME = 'ariaref';

/**
 * Runs in the page's main world (custom engines do), where `__ariaref` lives. The body is a ref,
 * optionally after a mode: `e5` for assertions and `act:e5` for actions.
 *  - `e5`: an unknown ref (typo, older document) throws the runtime's message so a locator fails
 *    at once instead of waiting for its timeout; a removed element just matches nothing, so
 *    "wait until gone" (toBeHidden, waitFor detached) works.
 *  - `act:e5`: a removed element, or one whose name changed, throws too: an action's
 *    retry loop (Playwright re-queries after a failed hit test) must not wait for an element that
 *    is gone for good, nor act on one that now means something else.
 */
function createEngine() {
  const composedContains = (root: Node, node: Node | null): boolean => {
    for (let current = node; current; current = current.parentNode ?? (current as any).host ?? null)
      if (current === root) return true;
    return false;
  };
  return {
    query(root: Node, body: string): Element | null {
      const api = (globalThis as any).__ariaref;
      if (!api) return null;
      const acting = body.startsWith('act:');
      const ref = acting ? body.slice(4) : body;
      const problem = acting ? api.checkRef(ref, { live: true }) : api.checkRef(ref);
      if (problem) {
        if (problem.kind === 'removed' && !acting) return null;
        throw new Error(problem.error);
      }
      const element = api.resolve(ref) as Element;
      return composedContains(root, element) ? element : null;
    },
    queryAll(root: Node, body: string): Element[] {
      const element = this.query(root, body);
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

/**
 * The selector string for a ref: for assertions (a removed element matches nothing), or with
 * `acting` for actions (a removed or renamed element throws at once, see createEngine).
 */
export function refSelector(ref: string, acting = false): string {
  return `${ENGINE_NAME}=${acting ? 'act:' : ''}${ref}`;
}

/**
 * Built-ins that Playwright's main-world script (which runs this engine for every action on a
 * ref) relies on. A page that replaces them breaks actions on refs, while snapshots, find and
 * navigation (called through the DevTools protocol) keep working.
 */
const WATCHED_BUILTINS = [
  'Array.prototype.push', 'Array.prototype.@@iterator', 'Array.prototype.map', 'Array.prototype.filter',
  'Map', 'Map.prototype.get', 'Map.prototype.set', 'Set', 'Set.prototype.has', 'Set.prototype.add',
  'WeakMap', 'WeakMap.prototype.get', 'WeakMap.prototype.set', 'MutationObserver',
  'Promise', 'Promise.prototype.then', 'Function.prototype.call', 'Function.prototype.apply',
  'JSON.stringify', 'JSON.parse', 'Object.defineProperty', 'Object.keys', 'Object.entries',
];

/** Indexes of the `paths` whose value is no longer a native function. Runs in the page. */
function replacedBuiltins(paths: string[][]): number[] {
  // Plain loops and indexed writes only: the page's own array methods may be the broken ones.
  const found: number[] = [];
  let count = 0;
  for (let i = 0; i < paths.length; i++) {
    const keys = paths[i]!;
    let value: any = globalThis;
    for (let k = 0; k < keys.length && value != null; k++)
      value = value[keys[k] === '@@iterator' ? Symbol.iterator : keys[k]!];
    if (typeof value !== 'function' || !`${value}`.includes('[native code]')) found[count++] = i;
  }
  return found;
}

async function replacedIn(frame: Frame): Promise<string[]> {
  const paths = WATCHED_BUILTINS.map(name => name.split('.'));
  const found = await callInFrame(frame, replacedBuiltins, paths, { timeoutMs: 2_000, what: 'Checking the page\'s built-ins' }).catch(() => [] as number[]);
  return found.map(index => WATCHED_BUILTINS[index]!.replace('.@@iterator', '[Symbol.iterator]'));
}

/**
 * True for a failure that looks like page JavaScript throwing inside Playwright's locator code
 * ("locator.click: TypeError: ..."), not a timeout, an actionability wait or our own ref errors.
 * Pages that patch built-ins harmlessly (zone.js patches Promise) must not get the note for those.
 */
function looksLikeBrokenScript(message: string): boolean {
  const first = message.split('\n')[0]!.replace(/^\w+\.\w+: /, '');
  return /^(?:\w*Error|Uncaught)\b/.test(first) && !/Timeout \d+ms exceeded|\bRef \w+|\bref\b/.test(first);
}

/**
 * When an action on a ref failed because the page replaced JavaScript built-ins that
 * Playwright's locators need, a sentence saying so and what still works; otherwise undefined.
 * Only called after a failure, so the check costs nothing on healthy pages.
 */
export async function replacedBuiltinsNote(locator: Locator, message: string): Promise<string | undefined> {
  if (!String(locator).includes(`${ENGINE_NAME}=`)) return undefined;
  return replacedBuiltinsIn(locator.page(), message);
}

/** The names of the built-ins the page replaced, when `message` looks like they broke Playwright's script. */
export async function replacedBuiltinsList(page: Page, message: string): Promise<string[]> {
  if (!looksLikeBrokenScript(message) || page.isClosed()) return [];
  const lists = await Promise.all(page.frames().map(frame => replacedIn(frame)));
  return [...new Set(lists.flat())];
}

async function replacedBuiltinsIn(page: Page, message: string): Promise<string | undefined> {
  const names = await replacedBuiltinsList(page, message);
  if (!names.length) return undefined;
  const shown = names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
  return `the page replaced JavaScript built-ins (${shown}) that Playwright's locators need, so this action cannot run on this page. ` +
    'Snapshots, find and navigation still work; to act, focus the element with the keyboard (press Tab) and press Enter or type without a ref, or navigate elsewhere.';
}
