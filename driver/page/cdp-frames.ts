// Maps a Playwright Frame to the DevTools session and CDP frame id that reach it. Playwright
// has no public API for a frame's CDP id, so:
//  - the main frame is the root of its page's own session;
//  - an out-of-process iframe has its own target (`newCDPSession(frame)` only works for those),
//    whose root frame it is;
//  - any other frame lives in its parent's target: it is found among the parent's children in
//    `Page.getFrameTree` by a (url, name) no sibling shares, or, when siblings share it, by its
//    protocol frame id: a marker put on each candidate's document over the protocol, read back
//    by Playwright in that frame's isolated world.
// Anything less certain returns undefined, and the caller uses Playwright's path instead.
import type { Frame, Page } from 'playwright';
import { CdpTarget, type CdpFrameTree } from './cdp-session.js';

export interface LocatedFrame {
  target: CdpTarget;
  frameId: string;
}

interface PageState {
  /** The page's own session; null when the browser has no DevTools protocol (not Chromium). */
  main: Promise<CdpTarget | null>;
  /** When `main` was requested: a failed attach is retried after ATTACH_RETRY_MS. */
  mainAt: number;
  /** Per frame: its own target if out-of-process (null if not), for the frame's URL at the time. */
  ownTargets: WeakMap<Frame, { url: string; target: Promise<CdpTarget | null> }>;
  /** Per frame: where it was found, for the frame's URL at the time. */
  located: WeakMap<Frame, { url: string; located: LocatedFrame }>;
  /** Live sessions of this page, detached when it closes. */
  targets: Set<CdpTarget>;
}

const pages = new WeakMap<Page, PageState>();

/** A page whose session could not be attached (not Chromium, mid-crash) is retried this often. */
const ATTACH_RETRY_MS = 2_000;

/** Set ARIAREF_CDP=0 to call the runtime through Playwright only (comparison, debugging). */
function cdpDisabled(): boolean {
  return process.env.ARIAREF_CDP === '0';
}

function attachQuietly(page: Page, owner: Page | Frame): Promise<CdpTarget | null> {
  return CdpTarget.attach(page.context(), owner, owner === page).then(target => {
    const state = pages.get(page);
    if (state) {
      for (const known of state.targets) if (known.isClosed) state.targets.delete(known);
      state.targets.add(target);
    } else {
      target.detach(); // the page closed meanwhile
    }
    return target;
  }, () => null);
}

function stateOf(page: Page): PageState {
  let state = pages.get(page);
  if (!state) {
    const main = attachQuietly(page, page);
    state = { main, mainAt: Date.now(), ownTargets: new WeakMap(), located: new WeakMap(), targets: new Set() };
    pages.set(page, state);
    const owned = state;
    page.once('close', () => {
      pages.delete(page);
      for (const target of owned.targets) target.detach();
    });
  }
  return state;
}

/** A live page session (a closed one is replaced, e.g. after a renderer crash). */
async function pageTarget(page: Page, state: PageState): Promise<CdpTarget | null> {
  const main = await state.main;
  if (main ? !main.isClosed : Date.now() - state.mainAt < ATTACH_RETRY_MS) return main;
  state.main = attachQuietly(page, page);
  state.mainAt = Date.now();
  return state.main;
}

/** The frame's own target when it is out-of-process; null for in-process frames. */
async function ownTarget(page: Page, state: PageState, frame: Frame): Promise<CdpTarget | null> {
  const url = frame.url();
  const cached = state.ownTargets.get(frame);
  if (cached && cached.url === url) {
    const target = await cached.target;
    if (!target || !target.isClosed) return target;
  }
  const target = attachQuietly(page, frame);
  state.ownTargets.set(frame, { url, target });
  return target;
}

function fullUrl(node: CdpFrameTree): string {
  return node.frame.url + (node.frame.urlFragment ?? '');
}

function findNode(tree: CdpFrameTree, frameId: string): CdpFrameTree | undefined {
  if (tree.frame.id === frameId) return tree;
  for (const child of tree.childFrames ?? []) {
    const found = findNode(child, frameId);
    if (found) return found;
  }
  return undefined;
}

interface FrameKey { url: string; name: string }

/**
 * The CDP id of Playwright child `index` of `ours`, when its (url, name) pair is one only one CDP
 * child has and only one of ours has; otherwise the ids of the CDP children that share its pair
 * (`candidates`), to be told apart by probing their documents (probeChild). Position alone is
 * never trusted: the two lists need not be in the same order.
 */
export function matchChildFrame(ours: FrameKey[], index: number, theirs: Array<FrameKey & { id: string }>): { id: string } | { candidates: string[] } {
  const same = (a: FrameKey, b: FrameKey) => a.url === b.url && a.name === b.name;
  const wanted = ours[index]!;
  const candidates = theirs.filter(key => same(key, wanted)).map(key => key.id);
  if (candidates.length === 1 && ours.filter(key => same(key, wanted)).length === 1) return { id: candidates[0]! };
  return { candidates };
}

/** The attribute a probe puts on each candidate document's root for a moment (plus its number). */
const PROBE_ATTRIBUTE = 'data-ariaref-frame';
const PROBE_TIMEOUT_MS = 1_000;
let probes = 0;

/**
 * Which of the CDP frames `candidates` holds Playwright's `frame`: each candidate's root element
 * gets its own value of PROBE_ATTRIBUTE over the protocol, and Playwright reads the attribute in
 * `frame` through a CSS locator, which runs in its isolated world (page code cannot fake it).
 */
async function probeChild(target: CdpTarget, frame: Frame, candidates: string[]): Promise<string | undefined> {
  if (!candidates.length) return undefined;
  // An attribute of its own per probe: concurrent probes of the same siblings do not meet.
  const attribute = `${PROBE_ATTRIBUTE}-${++probes}`;
  const token = `p${Date.now().toString(36)}`;
  const contexts = await Promise.all(candidates.map(id => target.contextId(id, PROBE_TIMEOUT_MS / 2).catch(() => undefined)));
  const run = (i: number, expression: string) => contexts[i] === undefined ? Promise.resolve()
    : target.send('Runtime.evaluate', { expression, contextId: contexts[i], returnByValue: true, silent: true }).then(() => undefined, () => undefined);
  const root = 'document.documentElement';
  try {
    await Promise.all(candidates.map((_, i) => run(i, `${root} && ${root}.setAttribute(${JSON.stringify(attribute)}, ${JSON.stringify(`${token}-${i}`)})`)));
    const value = await frame.locator(':root').getAttribute(attribute, { timeout: PROBE_TIMEOUT_MS }).catch(() => null);
    if (!value?.startsWith(`${token}-`)) return undefined;
    return candidates[Number(value.slice(token.length + 1))];
  } finally {
    await Promise.all(candidates.map((_, i) => run(i, `${root} && ${root}.removeAttribute(${JSON.stringify(attribute)})`)));
  }
}

async function locateChild(page: Page, state: PageState, frame: Frame, parent: Frame): Promise<LocatedFrame | undefined> {
  const own = await ownTarget(page, state, frame);
  if (own) return { target: own, frameId: own.rootFrameId };
  const where = await locate(page, state, parent);
  if (!where) return undefined;
  const parentNode = findNode(await where.target.frameTree(), where.frameId);
  // Not found in the parent's target: maybe an out-of-process frame Playwright had not attached
  // to yet, so ask again next time.
  const forgetOwn = () => { state.ownTargets.delete(frame); return undefined; };
  if (!parentNode) return forgetOwn();
  // Out-of-process siblings are not in this target's tree: leave them out of ours too.
  const all = parent.childFrames();
  const outOfProcess = await Promise.all(all.map(sibling => sibling === frame ? null : ownTarget(page, state, sibling)));
  const siblings = all.filter((_, i) => !outOfProcess[i]);
  const index = siblings.indexOf(frame);
  if (index < 0) return forgetOwn();
  const match = matchChildFrame(
    siblings.map(f => ({ url: f.url(), name: f.name() })),
    index,
    (parentNode.childFrames ?? []).map(node => ({ url: fullUrl(node), name: node.frame.name ?? '', id: node.frame.id })));
  const frameId = 'id' in match ? match.id : await probeChild(where.target, frame, match.candidates);
  return frameId ? { target: where.target, frameId } : forgetOwn();
}

async function locate(page: Page, state: PageState, frame: Frame): Promise<LocatedFrame | undefined> {
  if (frame.isDetached()) return undefined;
  const main = await pageTarget(page, state);
  if (!main) return undefined; // no DevTools protocol (Firefox, WebKit)
  if (frame === page.mainFrame()) return { target: main, frameId: main.rootFrameId };
  const url = frame.url();
  const cached = state.located.get(frame);
  if (cached && cached.url === url && !cached.located.target.isClosed) return cached.located;
  const parent = frame.parentFrame();
  const located = parent ? await locateChild(page, state, frame, parent) : undefined;
  if (located) state.located.set(frame, { url, located });
  return located;
}

/** Where to evaluate in `frame` through the DevTools protocol; undefined to use Playwright. */
export async function locateFrame(frame: Frame): Promise<LocatedFrame | undefined> {
  if (cdpDisabled()) return undefined;
  const page = frame.page();
  if (page.isClosed()) return undefined;
  try {
    return await locate(page, stateOf(page), frame);
  } catch {
    return undefined;
  }
}

/** Forget where `frame` was found (after its target went away). */
export function forgetFrame(frame: Frame): void {
  const state = pages.get(frame.page());
  state?.located.delete(frame);
  state?.ownTargets.delete(frame);
}

/**
 * Calls `listener` for each window the page's main target opens from now on (link target, window
 * open, form target), as soon as the browser decides to open it. Returns the unsubscribe; does
 * nothing without the DevTools protocol. The page's session is normally attached already (an
 * action marks activity through it first), so the subscription is in place before the action.
 */
export function watchWindowOpens(page: Page, listener: (url: string) => void): () => void {
  if (cdpDisabled() || page.isClosed()) return () => {};
  let off: (() => void) | undefined;
  let cancelled = false;
  pageTarget(page, stateOf(page)).then(target => {
    if (target && !cancelled) off = target.onWindowOpen(listener);
  }, () => {});
  return () => { cancelled = true; off?.(); };
}
