// A page snapshot: the main frame's snapshot with every child frame's snapshot stitched under
// its `iframe` placeholder, recursively and in parallel. A frame that cannot be read (still
// loading, busy, crashed, gone) becomes a leaf with a short note; it never fails the whole call.
import type { Frame, Page } from 'playwright';
import type { AriaNode, SnapshotOptions, SnapshotResult } from '../../injected/types.js';
import type { FrameRegistry } from './frames.js';
import { locateFrame } from './cdp-frames.js';
import { frameOwnerInset } from './cdp-evaluate.js';
import * as runtime from './runtime.js';
import { deferred, withDeadline } from '../deadline.js';
import { sameSnapshotCall, type SettledSnapshot, type SettleSnapshotRequest } from './settled-snapshot.js';
import { firstLine } from '../errors.js';
import {
  offsetTreeBoxes, offsetYamlBoxes, stitchTree, stitchYaml, treeLevelOfRef, yamlLevelOfRef,
  type FrameContent,
} from './stitch.js';

export interface PageSnapshotOptions {
  /** Snapshot only the subtree of this ref (its frame is found from the ref's prefix). */
  rootRef?: string;
  /** Snapshot only the subtree of the first element (main frame) matching this CSS selector. */
  rootSelector?: string;
  /** Depth limit, counted from the top of the stitched snapshot. */
  depth?: number;
  /** Include bounding boxes, in CSS px of the top-level viewport. */
  boxes?: boolean;
  /** Keep every node (generic wrappers etc.). */
  verbose?: boolean;
  /** Only controls, with the headings and landmarks that place them (refs as in the full snapshot). */
  interactive?: boolean;
  /** 'yaml' (default) or 'json' (the AriaNode tree). */
  format?: 'yaml' | 'json';
  /** Time allowed for each frame's snapshot, ms (default 10000 for the first frame, 5000 for child frames). */
  timeoutMs?: number;
  /** Token budget (characters/4): larger pages fold runs of similar siblings and deep regions into lines that say how to page on. */
  budgetTokens?: number;
  /** Paging of the root's children, as named by a fold line ("snapshot with ref=e12 offset=10"). */
  offset?: number;
  limit?: number;
  /** Also return `basis`: the YAML a diff compares, unfolded where the budget folded (yaml format only). */
  basis?: boolean;
}

/** A child frame always gets enough of the budget to show its outline and fold lines. */
const MIN_FRAME_TOKENS = 250;

/**
 * Each frame is folded by its own runtime, so the page's budget is shared out here: the child
 * frames of a frame split what the frame itself left of its budget (its runtime reports what it
 * used), each getting at least MIN_FRAME_TOKENS.
 */
function childFrameBudget(budgetTokens: number | undefined, usedTokens: number | undefined, children: number): number | undefined {
  if (budgetTokens === undefined) return undefined;
  const left = Math.max(0, budgetTokens - (usedTokens ?? 0));
  return Math.max(MIN_FRAME_TOKENS, Math.floor(left / Math.max(1, children)));
}

export interface StitchedSnapshot {
  yaml?: string;
  tree?: AriaNode;
  /** With the `basis` option: the YAML before folding, child frames stitched in (the yaml itself when nothing folded). */
  basis?: string;
  url: string;
  /** The page's title when it was snapshotted (whole-page snapshots of the main frame only). */
  title?: string;
}

/** What a snapshot needs from its page: the page and its frame bookkeeping. */
export interface SnapshotTarget {
  page: Page;
  frames: FrameRegistry;
}

const ROOT_TIMEOUT_MS = 10_000;
const CHILD_TIMEOUT_MS = 5_000;

/** The runtime's snapshot of one frame (the client injects the runtime once if it is missing). */
export function snapshotInFrame(frame: Frame, options: SnapshotOptions, timeoutMs: number): Promise<SnapshotResult> {
  return runtime.snapshot(frame, options, timeoutMs);
}

/**
 * Maps iframe placeholder refs of `frame`'s snapshot to the child Frames they hold: the ref of
 * each child's iframe element, asked in parallel (over the protocol from the child's frame id,
 * else through Playwright's handle of the iframe). A child that does not answer stays unmatched.
 */
async function childFramesByRef(frame: Frame, iframeRefs: string[], timeoutMs: number): Promise<Map<string, Frame>> {
  const byRef = new Map<string, Frame>();
  const children = frame.childFrames();
  if (!iframeRefs.length || !children.length) return byRef;
  const refs = await Promise.all(children.map(child => runtime.refFor(frame, { ownerOf: child }, undefined, timeoutMs).catch(() => undefined)));
  children.forEach((child, index) => {
    const ref = refs[index];
    if (ref && iframeRefs.includes(ref)) byRef.set(ref, child);
  });
  return byRef;
}

/** Where a frame's viewport starts in the top-level viewport (for boxes). */
async function frameOrigin(frame: Frame, timeoutMs: number): Promise<{ x: number; y: number }> {
  const handle = await withDeadline(frame.frameElement(), timeoutMs, 'Finding the iframe element');
  try {
    const box = await withDeadline(handle.boundingBox(), timeoutMs, 'Measuring the iframe');
    // The frame's viewport starts inside the iframe's border and padding.
    const inset = await withDeadline(insetViaCdp(frame), timeoutMs, 'Measuring the iframe').catch(() => undefined) ?? await withDeadline(handle.evaluate((el: Element) => {
      const style = getComputedStyle(el);
      return { x: el.clientLeft + parseFloat(style.paddingLeft || '0'), y: el.clientTop + parseFloat(style.paddingTop || '0') };
    }), timeoutMs, 'Measuring the iframe');
    return box ? { x: box.x + inset.x, y: box.y + inset.y } : { x: 0, y: 0 };
  } finally {
    handle.dispose().catch(() => {});
  }
}

/** The iframe's border and padding from the layout (DevTools protocol); undefined to use Playwright. */
async function insetViaCdp(frame: Frame): Promise<{ x: number; y: number } | undefined> {
  const parentFrame = frame.parentFrame();
  const [parent, child] = await Promise.all([parentFrame && locateFrame(parentFrame), locateFrame(frame)]);
  return parent && child ? frameOwnerInset(parent, child.frameId) : undefined;
}

function levelOf(result: SnapshotResult, ref: string): number {
  const level = result.yaml !== undefined ? yamlLevelOfRef(result.yaml, ref) : result.tree ? treeLevelOfRef(result.tree, ref) : undefined;
  return level ?? 0;
}

const NOT_ANSWERING = 'frame not loaded: it did not answer in time';

function noteFor(error: unknown): string {
  const text = firstLine(error);
  if (/did not answer within/.test(text)) return NOT_ANSWERING;
  if (/detached|closed|crash/i.test(text)) return 'frame not loaded: it was removed or closed';
  return `frame not loaded: ${text.slice(0, 120)}`;
}

/** The origin of a frame's URL; about:blank, srcdoc and data: frames each count as their own. */
function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? url : origin;
  } catch {
    return url;
  }
}

function isEmpty(result: SnapshotResult): boolean {
  if (result.yaml !== undefined) return result.yaml.trim() === '';
  return !result.tree || result.tree.children.length === 0;
}

interface FrameJob {
  frame: Frame;
  options: SnapshotOptions;
  timeoutMs: number;
  /** Levels still allowed below this frame's top (undefined = no limit). */
  depth: number | undefined;
  /** Offset of this frame's viewport in the top viewport (boxes only). */
  origin: { x: number; y: number };
}

/** The options of one frame's call: the page's, with the frame's ref prefix and counter floor. */
function frameCallOptions(target: SnapshotTarget, frame: Frame, options: SnapshotOptions, depth: number | undefined): SnapshotOptions {
  return { ...options, prefix: target.frames.prefixOf(frame), seed: target.frames.seedFor(frame), depth };
}

class FrameSnapshotter {
  constructor(private readonly target: SnapshotTarget, private readonly options: PageSnapshotOptions, private settled?: SettledSnapshot) {}

  /** The frame's snapshot: what its settle read when that was this very call, else asked now. */
  private read(job: FrameJob): Promise<SnapshotResult> {
    const asked = frameCallOptions(this.target, job.frame, job.options, job.depth);
    const settled = this.settled;
    // Still the document it was read from (a navigation since then would show the old page).
    if (settled && settled.frame === job.frame && settled.result.url === job.frame.url() && sameSnapshotCall(settled.options, asked)) {
      this.settled = undefined;
      return Promise.resolve(settled.result);
    }
    return snapshotInFrame(job.frame, asked, job.timeoutMs);
  }

  async run(job: FrameJob): Promise<SnapshotResult> {
    const { frames } = this.target;
    const result = await this.read(job);
    frames.recordSnapshot(job.frame, result);
    if (result.json !== undefined && !result.tree) result.tree = JSON.parse(result.json) as AriaNode;
    if (job.origin.x || job.origin.y) this.offsetBoxes(result, job.origin);
    const { contents, bases } = await this.childContents(job, result);
    // The basis of a frame is its unfolded YAML with its children's bases; absent, the YAML itself.
    if (result.yaml !== undefined && (result.basis !== undefined || bases.size)) {
      const own = result.basis ?? result.yaml;
      result.basis = stitchYaml(own, new Map([...contents, ...bases]));
    }
    if (contents.size) {
      if (result.yaml !== undefined) result.yaml = stitchYaml(result.yaml, contents);
      if (result.tree) stitchTree(result.tree, contents);
    }
    return result;
  }

  private offsetBoxes(result: SnapshotResult, origin: { x: number; y: number }): void {
    if (result.yaml !== undefined) result.yaml = offsetYamlBoxes(result.yaml, origin.x, origin.y);
    if (result.tree) offsetTreeBoxes(result.tree, origin.x, origin.y);
  }

  private async childContents(job: FrameJob, result: SnapshotResult): Promise<{ contents: Map<string, FrameContent>; bases: Map<string, FrameContent> }> {
    const contents = new Map<string, FrameContent>();
    const bases = new Map<string, FrameContent>();
    if (!result.iframes.length) return { contents, bases };
    const childTimeout = Math.min(job.timeoutMs, this.options.timeoutMs ?? CHILD_TIMEOUT_MS);
    const byRef = await childFramesByRef(job.frame, result.iframes, childTimeout).catch(() => new Map<string, Frame>());
    const budgetTokens = childFrameBudget(job.options.budgetTokens, result.tokens, result.iframes.length);
    const sameOrigin = new Map<string, Array<{ ref: string; frame: Frame; depth: number | undefined }>>();
    for (const ref of result.iframes) {
      const depth = job.depth === undefined ? undefined : job.depth - levelOf(result, ref) - 1;
      if (depth !== undefined && depth < 0) continue; // cut by the depth limit like any other subtree
      const frame = byRef.get(ref);
      // No committed document yet (navigation pending): evaluating would wait for it.
      if (!frame || frame.url() === '') {
        contents.set(ref, { kind: 'note', note: 'frame not loaded: still loading' });
        continue;
      }
      const origin = originOf(frame.url());
      const group = sameOrigin.get(origin) ?? [];
      group.push({ ref, frame, depth });
      sameOrigin.set(origin, group);
    }
    // Frames of one origin share a renderer and its one thread, which answers them one after the
    // other: the k-th of a group is given k time limits, so a loaded machine does not get the last
    // ones noted as not answering while they waited their turn. A renderer that is stuck answers
    // none: the first that runs out of time ends its whole group.
    await Promise.all([...sameOrigin.values()].map(group => {
      const stuck = deferred<{ content: FrameContent; basis?: string }>();
      return Promise.all(group.map(async ({ ref, frame, depth }, k) => {
        const asked = this.childContent({ ...job, frame, depth, timeoutMs: childTimeout * (k + 1) }, budgetTokens).then(child => {
          if (child.content.kind === 'note' && child.content.note === NOT_ANSWERING) stuck.resolve(child);
          return child;
        });
        const child = await Promise.race([asked, stuck.promise]);
        contents.set(ref, child.content);
        if (child.basis !== undefined) bases.set(ref, { kind: 'yaml', yaml: child.basis });
      }));
    }));
    return { contents, bases };
  }

  private async childContent(job: FrameJob, budgetTokens: number | undefined): Promise<{ content: FrameContent; basis?: string }> {
    try {
      const origin = this.options.boxes ? await frameOrigin(job.frame, job.timeoutMs) : { x: 0, y: 0 };
      // Child frames are always snapshotted whole: root options apply to the first frame only.
      const { rootRef: _r, rootSelector: _s, offset: _o, limit: _l, budgetTokens: _b, ...rest } = job.options;
      const options = budgetTokens === undefined ? rest : { ...rest, budgetTokens };
      const result = await this.run({ ...job, options, origin });
      if (isEmpty(result)) return { content: { kind: 'yaml', yaml: '' }, basis: result.basis };
      return { content: result.yaml !== undefined ? { kind: 'yaml', yaml: result.yaml } : { kind: 'tree', tree: result.tree! }, basis: result.basis };
    } catch (error) {
      return { content: { kind: 'note', note: noteFor(error) } };
    }
  }
}

/**
 * Snapshots `frame` (the main frame, or the frame owning `rootRef`) and stitches every child
 * frame under its placeholder.
 */
export async function stitchedSnapshot(target: SnapshotTarget, frame: Frame, options: PageSnapshotOptions = {}, settled?: SettledSnapshot): Promise<StitchedSnapshot> {
  const runtimeOptions = runtimeOptionsOf(options);
  let origin = { x: 0, y: 0 };
  if (options.boxes && frame !== target.page.mainFrame()) origin = await frameOrigin(frame, CHILD_TIMEOUT_MS).catch(() => origin);
  const snapshotter = new FrameSnapshotter(target, options, settled);
  const result = await snapshotter.run({
    frame,
    options: runtimeOptions,
    timeoutMs: options.timeoutMs ?? ROOT_TIMEOUT_MS,
    depth: options.depth,
    origin,
  });
  return {
    ...(result.yaml !== undefined ? { yaml: result.yaml } : {}), ...(result.tree ? { tree: result.tree } : {}),
    ...(options.basis && result.yaml !== undefined ? { basis: result.basis ?? result.yaml } : {}), url: result.url,
    ...(frame === target.page.mainFrame() && typeof result.title === 'string' ? { title: result.title } : {}),
  };
}

/**
 * What the settle after an action reads so that `stitchedSnapshot(target, main frame, options)`
 * then asks the main frame nothing (child frames are still asked).
 */
export function settleSnapshotRequest(target: SnapshotTarget, options: PageSnapshotOptions): SettleSnapshotRequest {
  const frame = target.page.mainFrame();
  return { frame, options: frameCallOptions(target, frame, runtimeOptionsOf(options), options.depth) };
}

/** The runtime's options for the page's options (the first frame's; child frames drop the root's). */
function runtimeOptionsOf(options: PageSnapshotOptions): SnapshotOptions {
  const format = options.format === 'json' ? 'json' : 'yaml';
  return {
    format,
    // Deep trees cross the protocol as text: structured clones of deep objects can fail.
    ...(format === 'json' ? { jsonString: true } : {}),
    ...(options.rootRef ? { rootRef: options.rootRef } : {}),
    ...(options.rootSelector ? { rootSelector: options.rootSelector } : {}),
    ...(options.boxes ? { boxes: true } : {}),
    ...(options.verbose ? { verbose: true } : {}),
    ...(options.interactive ? { interactive: true } : {}),
    ...(options.budgetTokens !== undefined && options.budgetTokens > 0 ? { budgetTokens: options.budgetTokens } : {}),
    ...(options.offset !== undefined ? { offset: options.offset } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(options.basis && format === 'yaml' ? { basis: true } : {}),
  };
}
