// Token budget: when a snapshot would be larger than the agent can read, fold structure instead
// of cutting text. Five folds, tried in order until the printed tree fits:
//   1. runs: a run of same-role siblings (rows, list items, cards) keeps its first `keep` members,
//      the rest becomes one line naming the parent ref and the offset to page from;
//   2. off-screen: regions entirely outside the viewport keep their line and fold their content
//      into a summary line naming their ref (what the user sees stays whole);
//   3. depth: nodes at depth `D` keep their line and fold their content into a summary line
//      naming their ref (a snapshot rooted there shows it);
//      both keep the folded content's outline (outline.ts: headings, landmarks, named regions,
//      disclosure headers) when that still fits, and fold it whole when not;
//   4. fill: what still does not fit, in document order, becomes "more items" lines per level;
//   5. text: only when one text run or name alone is larger than a share of the budget (a page
//      that is one huge paragraph), it is cut, saying how many characters were left out.
// Fold lines are plain text children starting with "…" and ending in the snapshot options that
// show what they hide, e.g.
//   - text: "… 990 more rows folded: snapshot with ref=e12 offset=10"
// named as the agent passes them to the snapshot tool (`ref`, `offset`, `limit`), so a line can be
// copied as it is; the runtime option behind `ref` is SnapshotOptions.rootRef.
// Every node that is shown is the original node (same role, name, states, ref); only children
// lists change. Nothing is dropped without a fold line that leads to it.
import type { AriaNode } from '../types';
import { SizeMeter, subtreeStats, textLineChars, type SubtreeStats } from './measure';
import { sharesNameDecision } from '../snapshot/render-yaml';
import { PASSWORD_MASK } from '../snapshot/secrets';
import { isInteractive, outlineOf, type Outline } from './outline';
import { withinTextShare } from './text-share';

/** The budget counts 4 characters as a token. */
const CHARS_PER_TOKEN = 4;

/** The budget's measure of a snapshot: characters over CHARS_PER_TOKEN, the one place tokens are counted. */
export function tokensOf(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
/** First members a folded run keeps at least, and the shortest run worth folding. */
const MIN_KEEP = 3;
const MIN_RUN = 5;
/** Subtrees up to this many printed characters are never folded by depth. */
const SMALL_SUBTREE = 200;
/** A depth-folded outline smaller than this share of the budget gives way to the fill fold. */
const USEFUL_SHARE = 0.5;
/** Characters kept free per open level in the fill fold, for its "more items" lines. */
const FILL_RESERVE = 90;

export interface FoldOptions {
  /** Budget in tokens (characters / 4). Absent, 0 or Infinity: no budget, only paging. */
  budgetTokens?: number;
  /** Paging of the children of the snapshot root (the `rootRef` node, else the page's top level). */
  offset?: number;
  limit?: number;
  /** The ref the snapshot was rooted at: its node is the one whose children are paged. */
  rootRef?: string;
  /**
   * Whether the element of a ref lies entirely outside the viewport (asked only when the budget
   * is exceeded, for nodes worth folding). Absent: nothing folds as off-screen.
   */
  isOffscreen?: (ref: string) => boolean;
}

interface Plan {
  keep: number;          // members kept per folded run (Infinity: no run folding)
  offscreen: boolean;    // regions outside the viewport fold their content
  depth: number;         // nodes at this depth fold their content (Infinity: none)
  fillChars: number;     // fill fold budget (Infinity: none)
  outline: boolean;      // a node folded off-screen or by depth keeps its outline (outline.ts)
}

interface Frame {
  src: AriaNode;
  out: AriaNode | undefined;
  depth: number;         // depth of src's children
  index: number;
  end: number;
  runEnd: number;        // end of the current run of same-role siblings (exclusive)
  runFold: boolean;      // the current run folds after `keep` members
  runStart: number;
  shownElements: number; // element children kept (none: the renderer shows the node's value as text)
  pageRef: string | undefined;  // ref to page src's children by, if any
  hint: string;          // snapshot options that show src's subtree (for children without refs)
}

/** Parses a fold line back into the snapshot options it names (tests, driver hints): `ref=` is `rootRef`. */
export function parseFoldLine(text: string): { rootRef?: string; offset?: number } | null {
  const match = /^… .* snapshot with (?:ref=(\S+))?\s*(?:offset=(\d+))?$/.exec(text);
  if (!match || (!match[1] && !match[2])) return null;
  return { rootRef: match[1], offset: match[2] !== undefined ? Number(match[2]) : undefined };
}

/**
 * The tree paged by `offset`/`limit` and folded to `budgetTokens`. Returns the input tree itself
 * when nothing needs folding. Never mutates the input.
 */
export function foldToBudget(tree: AriaNode, options: FoldOptions = {}): AriaNode {
  const budget = options.budgetTokens && options.budgetTokens > 0 ? options.budgetTokens * CHARS_PER_TOKEN : Infinity;
  const paged = options.offset !== undefined || options.limit !== undefined;
  const folder = new Folder(tree, options);
  const none: Plan = { keep: Infinity, offscreen: false, depth: Infinity, fillChars: Infinity, outline: false };
  if (!paged && budget === Infinity) return tree;
  if (folder.measure(none) <= budget) return paged ? folder.build(none) : tree;

  const maxRun = folder.longestRun();
  if (maxRun >= MIN_RUN && folder.measure({ ...none, keep: MIN_KEEP }) <= budget) {
    const keep = largest(MIN_KEEP, maxRun, k => folder.measure({ ...none, keep: k }) <= budget);
    return folder.build({ ...none, keep });
  }
  const keep = MIN_KEEP;
  // A snapshot rooted at a region asks for that region: folding it away again would not help.
  // Each fold keeps the outline of what it folds when that fits, else folds it whole.
  const outlines = [true, false];
  if (options.isOffscreen && options.rootRef === undefined) {
    for (const outline of outlines) {
      const offscreen: Plan = { ...none, keep, offscreen: true, outline };
      if (folder.measure(offscreen) <= budget) return folder.build(offscreen);
    }
    none.offscreen = true;
  }
  const maxDepth = folder.maxDepth();
  for (const outline of outlines) {
    const plan: Plan = { ...none, keep, outline };
    if (folder.measure({ ...plan, depth: 1 }) > budget) continue;
    const depth = largest(1, maxDepth, d => folder.measure({ ...plan, depth: d }) <= budget);
    // A wide level just below the cut (a form's 1,000 controls) can leave the outline tiny: then
    // show one level more and fill the budget in document order instead.
    if (folder.measure({ ...plan, depth }) >= budget * USEFUL_SHARE) return withinTextShare(folder.build({ ...plan, depth }), budget);
    return withinTextShare(folder.build({ ...plan, depth: depth + 1, fillChars: budget }), budget);
  }
  return withinTextShare(folder.build({ ...none, keep, depth: Infinity, fillChars: budget }), budget);
}

/** Largest integer in [lo, hi] satisfying a monotone predicate that holds at lo. */
function largest(lo: number, hi: number, ok: (n: number) => boolean): number {
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ok(mid)) lo = mid; else hi = mid - 1;
  }
  return lo;
}

class Folder {
  private readonly meter = new SizeMeter();
  private readonly stats: Map<AriaNode, SubtreeStats>;
  /** Off-screen answers, asked once per node per fold. */
  private readonly offscreen = new Map<AriaNode, boolean>();
  private readonly outlines = new Map<AriaNode, Outline>();
  /** The node whose children are paged, and the ref that names it in hints. */
  private readonly pageNode: AriaNode;
  private readonly offset: number;
  private readonly limit: number;

  constructor(private readonly tree: AriaNode, private readonly options: FoldOptions) {
    this.pageNode = findPageNode(tree, options.rootRef);
    this.offset = Math.max(0, Math.floor(options.offset ?? 0));
    this.limit = options.limit !== undefined && options.limit >= 0 ? Math.max(1, Math.floor(options.limit)) : Infinity;
    this.stats = subtreeStats(tree, this.meter);
  }

  measure(plan: Plan): number {
    return this.walk(plan, false).size;
  }

  build(plan: Plan): AriaNode {
    return this.walk(plan, true).root!;
  }

  longestRun(): number {
    return this.stat(this.tree).longestRun;
  }

  maxDepth(): number {
    return this.stat(this.tree).height;
  }

  private stat(node: AriaNode): SubtreeStats {
    return this.stats.get(node)!;
  }

  /** Printed size of a node's whole subtree at `depth`. */
  private subtreeChars(node: AriaNode, depth: number): number {
    const s = this.stat(node);
    return s.chars + 2 * depth * s.lines;
  }

  /** The outline a fold of `node` keeps, once per node. */
  private outline(node: AriaNode): Outline {
    let outline = this.outlines.get(node);
    if (!outline) this.outlines.set(node, outline = outlineOf(node, this.meter));
    return outline;
  }

  /** Folding `node` (its children at `depth + 1`) saves more than a small subtree's worth, its outline kept. */
  private worthFolding(node: AriaNode, depth: number, plan: Plan): boolean {
    if (!plan.outline) return true;
    const outline = this.outline(node);
    return !outline.nodes || this.subtreeChars(node, depth) > outline.chars + 2 * (depth + 1) * outline.lines + SMALL_SUBTREE;
  }

  /** A region worth folding (with a ref, bigger than its summary line) that lies outside the viewport. */
  private foldsOffscreen(node: AriaNode, depth: number, plan: Plan): boolean {
    if (!node.ref || node === this.pageNode || this.subtreeChars(node, depth) <= SMALL_SUBTREE || !this.worthFolding(node, depth, plan)) return false;
    let answer = this.offscreen.get(node);
    if (answer === undefined) {
      try {
        answer = !!this.options.isOffscreen?.(node.ref);
      } catch {
        answer = false; // an element that cannot be measured stays shown
      }
      this.offscreen.set(node, answer);
    }
    return answer;
  }

  /** Whether `child` (at `depth`) prints whole under this plan: nothing in it can fold. */
  private printsWhole(child: AriaNode, depth: number, plan: Plan, size: number, openLevels: number): boolean {
    if (child === this.pageNode) return false;
    if (plan.offscreen && this.foldsOffscreen(child, depth, plan)) return false;
    const s = this.stat(child);
    // A region partly on screen (a <main> taller than the viewport) is opened: its parts below the fold may fold.
    if (plan.offscreen && s.height > 0 && this.subtreeChars(child, depth) > SMALL_SUBTREE) return false;
    if (s.longestRun >= MIN_RUN && s.longestRun - plan.keep >= 2) return false;
    // Small subtrees never fold by depth: the summary line would be as long as what it hides.
    if (plan.depth !== Infinity && depth + s.height > plan.depth && this.subtreeChars(child, depth) > SMALL_SUBTREE) return false;
    return plan.fillChars === Infinity || size + this.subtreeChars(child, depth) + FILL_RESERVE * openLevels <= plan.fillChars;
  }

  /** Walks in print order, adding up printed size; with `emit`, builds the folded copy. */
  private walk(plan: Plan, emit: boolean): { size: number; root?: AriaNode } {
    const fragment = this.tree.role === 'fragment';
    let size = fragment ? 0 : this.meter.at(this.tree, 0);
    const rootOut: AriaNode | undefined = emit ? { ...this.tree, children: [] } : undefined;
    if (rootOut) sharesNameDecision(rootOut, this.tree);
    if (!fragment && this.meter.node(this.tree).inline) return { size, root: emit ? this.tree : undefined };
    // `source` is measured, `item` (its copy, when building) is added to `out`.
    const add = (out: AriaNode | undefined, item: AriaNode | string, depth: number, source = item) => {
      size += typeof source === 'string' ? textLineChars(source) + 2 * depth : this.meter.at(source, depth);
      if (out) out.children.push(item);
    };
    const frames: Frame[] = [];
    const open = (src: AriaNode, out: AriaNode | undefined, depth: number, hint: string) => {
      const frame = this.frame(src, out, depth, hint);
      frames.push(frame);
      if (src === this.pageNode && frame.index > 0)
        add(out, `… ${frame.index} earlier items: snapshot with ${this.optionsFor(frame.pageRef, 0)}`, depth);
    };
    open(this.tree, rootOut, fragment ? 0 : 1, '');
    while (frames.length) {
      const f = frames[frames.length - 1];
      if (f.index >= f.end) {
        frames.pop();
        if (!f.shownElements) size += this.valueLineChars(f.src, f.depth);
        const total = f.src.children.length;
        if (f.src === this.pageNode && f.end < total)
          add(f.out, `… ${total - f.end} more items: snapshot with ${this.optionsFor(f.pageRef, f.end)}`, f.depth);
        continue;
      }
      const i = f.index;
      const child = f.src.children[i];
      // Fill fold: the rest of this level becomes one line once the budget is (nearly) spent. The
      // page node always shows its first child, so paging through fill lines makes progress.
      // Only levels that can be paged fold: a line pointing elsewhere might lead back here.
      const firstPaged = f.src === this.pageNode && i === this.firstIndex(f.src);
      if (plan.fillChars !== Infinity && !firstPaged && f.pageRef !== undefined &&
          size + this.cost(child, f.depth) + FILL_RESERVE * frames.length > plan.fillChars) {
        add(f.out, `… ${f.end - i} more items folded: snapshot with ${this.hintAt(f, i)}`, f.depth);
        f.index = f.end;
        continue;
      }
      if (typeof child === 'string') { add(f.out, child, f.depth); f.index++; continue; }
      f.shownElements++;
      if (i >= f.runEnd) this.startRun(f, plan);
      if (f.runFold && i - f.runStart >= plan.keep) {
        add(f.out, `… ${f.runEnd - i} more ${plural(child.role)} folded: snapshot with ${this.optionsFor(f.pageRef, i)}`, f.depth);
        f.index = f.runEnd;
        continue;
      }
      f.index++;
      if (this.meter.node(child).inline || !child.children.length || this.printsWhole(child, f.depth, plan, size, frames.length)) {
        // Shared with the input: nothing below changes, so the original node is the output.
        add(f.out, child, f.depth);
        size += this.subtreeChars(child, f.depth) - this.meter.at(child, f.depth);
        continue;
      }
      const out: AriaNode | undefined = emit ? { ...child, children: [] } : undefined;
      if (out) sharesNameDecision(out, child); // measured with the original's children
      add(f.out, out ?? child, f.depth, child);
      const offscreen = plan.offscreen && this.foldsOffscreen(child, f.depth, plan);
      if (((f.depth >= plan.depth && this.worthFolding(child, f.depth, plan)) || offscreen) && child.ref) {
        const { nodes, interactive } = countDescendants(child);
        const outline = plan.outline ? this.outline(child) : undefined;
        if (outline?.nodes) {
          if (out) out.children.push(...outline.items);
          size += outline.chars + 2 * (f.depth + 1) * outline.lines;
        }
        add(out, `… ${nodes - (outline?.nodes ?? 0)} nodes ${offscreen ? 'off-screen' : 'folded'}, ${interactive - (outline?.interactive ?? 0)} interactive: snapshot with ref=${child.ref}`, f.depth + 1);
        size += this.valueLineChars(child, f.depth + 1);
        continue;
      }
      open(child, out, f.depth + 1, child.ref ? `ref=${child.ref}` : f.hint);
    }
    return { size: Math.max(0, size - 1), root: rootOut };
  }

  private firstIndex(src: AriaNode): number {
    return src === this.pageNode ? Math.min(this.offset, src.children.length) : 0;
  }

  private frame(src: AriaNode, out: AriaNode | undefined, depth: number, hint: string): Frame {
    const paging = src === this.pageNode;
    const pageRef = paging ? this.options.rootRef ?? src.ref : src.ref;
    const canPage = paging || !!src.ref;
    const start = this.firstIndex(src);
    const end = paging ? Math.min(src.children.length, start + this.limit) : src.children.length;
    return {
      src, out, depth, index: start, end, runEnd: canPage ? start : Infinity, runFold: false, runStart: -1, shownElements: 0,
      pageRef: canPage ? pageRef ?? '' : undefined, hint: hint || (pageRef ? `ref=${pageRef}` : ''),
    };
  }

  /** Finds the run of same-role siblings starting at f.index; decides whether it folds. */
  private startRun(f: Frame, plan: Plan): void {
    const first = f.src.children[f.index] as AriaNode;
    let end = f.index + 1;
    while (end < f.end) {
      const next = f.src.children[end];
      if (typeof next === 'string' || next.role !== first.role) break;
      end++;
    }
    f.runStart = f.index;
    f.runEnd = end;
    const length = end - f.index;
    f.runFold = length >= MIN_RUN && length - plan.keep >= 2;
  }

  /**
   * A control with option children shows its value through them; once none of them is shown the
   * renderer prints the value as a text line instead (snapshot/render-yaml.ts contentOf).
   */
  private valueLineChars(node: AriaNode, childDepth: number): number {
    const value = node.hasValue ? PASSWORD_MASK : node.value;
    if (!value || !node.children.some(c => typeof c !== 'string')) return 0;
    return textLineChars(value) + 2 * childDepth;
  }

  /** Printed size a child needs before its own children can fold (fill fold decisions). */
  private cost(child: AriaNode | string, depth: number): number {
    if (typeof child === 'string') return textLineChars(child) + 2 * depth;
    // Nothing folds inside a node without a ref: it needs its whole subtree.
    return child.ref ? this.meter.at(child, depth) : this.subtreeChars(child, depth);
  }

  private hintAt(f: Frame, index: number): string {
    if (f.pageRef !== undefined) return this.optionsFor(f.pageRef, index);
    return f.hint || 'offset=0';
  }

  private optionsFor(ref: string | undefined, offset: number): string {
    return ref ? `ref=${ref} offset=${offset}` : `offset=${offset}`;
  }
}

/** The node whose children `offset`/`limit` page: the rootRef node, else the tree's root. */
function findPageNode(tree: AriaNode, rootRef: string | undefined): AriaNode {
  if (rootRef === undefined) return tree;
  for (const child of tree.children) if (typeof child !== 'string' && child.ref === rootRef) return child;
  return tree;
}

function countDescendants(node: AriaNode): { nodes: number; interactive: number } {
  let nodes = 0;
  let interactive = 0;
  forEachNode(node, n => {
    if (n === node) return;
    nodes++;
    if (isInteractive(n)) interactive++;
  });
  return { nodes, interactive };
}

function forEachNode(root: AriaNode, visit: (node: AriaNode) => void): void {
  const stack: AriaNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    for (const child of node.children) if (typeof child !== 'string') stack.push(child);
  }
}

function plural(role: string): string {
  return /(?:x|s|ch|sh)$/.test(role) ? `${role}es` : `${role}s`;
}
