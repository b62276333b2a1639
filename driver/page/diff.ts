// Snapshot diffs: after an action the agent gets only what changed, not the whole page again.
// Pure text logic over two YAML snapshots; refs make lines identifiable across snapshots.
//
// Format of `text`: one hunk per top-level region that changed, headed by the chain of its
// unchanged ancestors down to where its changes part; under it the changed part of the new
// snapshot, each context line once:
//
//   # diff: 1 changed, 2 added, 3 removed (unchanged parts omitted)
//   ~ main [ref=e2] > table "Orders" [ref=e4]
//     - rowgroup [ref=e11]:
//       - row "Order 3 edited" [ref=e28]:
//         - cell "Order 3 edited" [ref=e29]
//       - row [ref=e44] (unchanged)
//       - row "Order 9" [ref=e90]:
//         - cell "Order 9" [ref=e91]
//       - removed: row "Order 5" [ref=e50], row "Order 6" [ref=e60]
//     - status [ref=e80]: 9 orders
//
// A changed node shows its new line and the ref-less lines (text, /url) that are new; an added
// node shows in full, an unchanged sibling before it ("(unchanged)") places it; a node that moved
// shows once, at its new place ("(moved)" when nothing in it changed), never as removed; removed
// nodes are named by their first line, on one line per parent, alike ones counted once with their
// refs (`20 × row (e19, e33, …)`). A new node of the same role that took the place of a removed
// one and holds the removed one's children (a framework re-rendered the row around its cells) is
// that node under a new ref: `- row [ref=e181] (was e19)`, and its children did not move. A node
// whose children were reordered lists them all in their new order: on one line when nothing else
// changed under it (`- new order: 7 × row (e8, e68, …)`). Unchanged parts are left out. Fold lines are not
// content: a node folded in one snapshot and not in the other is not a change, and what a fold
// hides is not removed. `~ (page)` heads changes at the top level. Focus moving (`[active]`) is
// no change of the nodes it leaves and reaches: `# focus: <node>` says where it is now, unless a
// printed line shows it.
import { indexByKey, parseSnapshot, preOrder, ROOT, type Line, type RefNode } from './diff-parse.js';
import { findReplacements, goneSince } from './diff-match.js';

export interface SnapshotDiff {
  text: string;
  changed: boolean;
  /**
   * Refs of the nodes that changed, came, went, moved or had their children reordered (not the
   * unchanged ones printed to place them): an action whose echo says all of it needs no diff.
   */
  touched: Set<string>;
}

export interface DiffOptions {
  /**
   * A snapshot the agent read after the previous one (a menu shown alone): what it showed and is
   * in neither snapshot is told as removed too, so the diff reads right after either.
   */
  alsoRead?: string;
  /** Refs the action went to (a click focuses its target): focus reaching one of them is no news. */
  expectedFocus?: ReadonlySet<string>;
}

const PATH_HEAD = 2;         // ancestors kept at each end of a very deep header
const PATH_TAIL = 6;

/** What the diff knows of one node of the new snapshot. */
interface Info {
  prev: RefNode | undefined;
  /** It took the place of `prev`, which had another ref (see findReplacements). */
  replaced: boolean;
  added: boolean;
  changed: boolean;
  moved: boolean;
  /** Same own lines and same children, all the same, in the same order. */
  same: boolean;
  removed: RefNode[];
  reordered: boolean;
  /** Anything of it or under it to print. */
  output: boolean;
  /** Its ref-less lines not in the previous snapshot, and the previous ones now gone (told as removed). */
  newUnits: Set<Line>;
  goneUnits: Line[];
}

const withoutRef = (text: string) => text.replace(/ \[ref=[^\]]+\]/, '');
const firstLine = (line: Line) => line.text.replace(/:$/, '');
const segment = (node: RefNode) => firstLine(node.line).replace(/^- /, '').replace(/ \[cursor=pointer\]/g, '');
/** A removed node as one item of a list: its key without inline text. */
const removedLabel = (node: RefNode) => segment(node).replace(/^(.*\[ref=[^\]]+\](?: \[[^\]]+\])*): .*$/, '$1');
/** The kind of a ref-less line: `- text`, `- /url`, or its role and name (`- option "a"`, whatever its states). */
const unitKind = (line: Line) => line.text.replace(/: .*$|:$/, '').replace(/(?: \[[^\]]*\])+$/, '');

function pathLabel(chain: RefNode[]): string {
  if (chain.length <= PATH_HEAD + PATH_TAIL + 1) return chain.map(segment).join(' > ');
  const hidden = chain.length - PATH_HEAD - PATH_TAIL;
  return [...chain.slice(0, PATH_HEAD).map(segment), `… ${hidden} levels …`, ...chain.slice(-PATH_TAIL).map(segment)].join(' > ');
}

function sameOrder(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/** Bottom-up: each node of `next` compared with its namesake in `prev`. */
function analyze(prev: RefNode, next: RefNode, alsoRead?: RefNode): Map<RefNode, Info> {
  const prevIndex = indexByKey(prev);
  const nextIndex = indexByKey(next);
  const standsFor = findReplacements(next, prevIndex, nextIndex);
  const replacedBy = new Map([...standsFor].map(([was, now]) => [now, prevIndex.get(was)!]));
  /** The key a node of `prev` has in `next`: its own, or its stand-in's. */
  const nowKey = (key: string) => standsFor.get(key) ?? key;
  const gone = alsoRead ? goneSince(alsoRead, prevIndex, nextIndex) : new Map<string, RefNode[]>();
  const infos = new Map<RefNode, Info>();
  const order = preOrder(next);
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    const replaced = replacedBy.get(node.key);
    const p = node === next ? prev : prevIndex.get(node.key) ?? replaced;
    const info: Info = {
      prev: p, replaced: !!replaced, added: !p, changed: false, moved: false, same: false, removed: [], reordered: false, output: false,
      newUnits: new Set(), goneUnits: [],
    };
    if (p) {
      const prevOwn = replaced ? p.own.replace(`[ref=${p.key}]`, `[ref=${node.key}]`) : p.own;
      info.changed = prevOwn !== node.own;
      if (info.changed) compareUnits(p, node, info);
      info.moved = node !== next && nowKey(p.parent?.key ?? ROOT) !== node.parent?.key;
      // A folded node lists only some children: the others are hidden, not gone.
      if (!node.folded) info.removed = p.children.filter(c => !nextIndex.has(nowKey(c.key)));
      info.removed.push(...gone.get(node.key) ?? []);
      const prevKeys = new Set(p.children.map(c => nowKey(c.key)));
      const nextKeys = new Set(node.children.map(c => c.key));
      info.reordered = !sameOrder(p.children.map(c => nowKey(c.key)).filter(k => nextKeys.has(k)), node.children.filter(c => prevKeys.has(c.key)).map(c => c.key));
      info.same = !info.changed && !info.replaced && p.children.length === node.children.length &&
        node.children.every((c, j) => c.key === nowKey(p.children[j].key) && infos.get(c)!.same);
    }
    info.output = info.added || info.replaced || info.changed || info.moved || info.removed.length > 0 || info.reordered ||
      node.children.some(c => infos.get(c)!.output);
    infos.set(node, info);
  }
  return infos;
}

/** Which ref-less lines are new, and which old ones are gone without a new line of their kind. */
function compareUnits(prev: RefNode, next: RefNode, info: Info): void {
  const left = new Map<string, number>();
  for (const u of prev.units) left.set(u.signature!, (left.get(u.signature!) ?? 0) + 1);
  for (const u of next.units) {
    const n = left.get(u.signature!) ?? 0;
    if (n) left.set(u.signature!, n - 1); else info.newUnits.add(u);
  }
  const newKinds = new Set([...info.newUnits].map(unitKind));
  // A new inline text on the node's own line takes the place of its text lines.
  if (withoutRef(prev.head) !== withoutRef(next.head)) newKinds.add('- text');
  for (const u of prev.units) {
    const n = left.get(u.signature!) ?? 0;
    if (!n) continue;
    left.set(u.signature!, n - 1);
    if (!newKinds.has(unitKind(u))) info.goneUnits.push(u);
  }
}

type Mode = 'added' | 'changed' | 'context';

/** The lines of one node's block as printed: its children, anchors and removals share it. */
interface Block { owner: RefNode; last: RefNode | undefined; lastPrinted: boolean }

interface Frame {
  block: Block;
  lines: Line[];
  index: number;
  indent: number;
  mode: Mode;
  /** Ref-less lines here are printed: inside an added node or a new ref-less line. */
  printUnits: boolean;
  end?: () => void;
}

class Printer {
  readonly out: string[] = [];
  /** Nodes whose line was printed (with its [active] mark, if it has one). */
  readonly printed = new Set<RefNode>();
  changed = 0;
  added = 0;
  moved = 0;
  removed = 0;
  replaced = 0;
  private readonly frames: Frame[] = [];
  private hunk: 'page' | 'region' | undefined;

  constructor(private readonly infos: Map<RefNode, Info>, private readonly root: RefNode) {}

  private info(node: RefNode): Info {
    return this.infos.get(node)!;
  }

  run(): void {
    const root = this.info(this.root);
    if (root.changed) this.changed++;
    this.openBlock(this.root, 2, root.changed ? 'changed' : 'context');
    while (this.frames.length) {
      const f = this.frames[this.frames.length - 1];
      const line = f.lines[f.index++];
      if (!line) { this.frames.pop(); f.end?.(); continue; }
      if (line.ref) this.refLine(f, line.node!);
      else this.unitLine(f, line);
    }
  }

  private emit(f: Frame, text: string): void {
    this.write(f.block.owner, text, f.indent);
  }

  /** Lines of the top level's own block go under `~ (page)`. */
  private write(owner: RefNode, text: string, indent: number): void {
    if (owner === this.root && this.hunk !== 'page') {
      this.out.push('~ (page)');
      this.hunk = 'page';
    }
    this.out.push(' '.repeat(indent) + text);
  }

  private unitLine(f: Frame, line: Line): void {
    const print = f.printUnits || (f.mode === 'changed' && this.info(f.block.owner).newUnits.has(line));
    if (print) this.emit(f, line.text);
    // A ref-less wrapper that is not printed still holds ref lines: they print in its place.
    this.frames.push({ ...f, lines: line.children, index: 0, indent: print ? f.indent + 2 : f.indent, printUnits: print, end: undefined });
  }

  private refLine(f: Frame, node: RefNode): void {
    const info = this.info(node);
    const block = f.block;
    const owner = this.info(block.owner);
    const previous = block.last;
    block.last = node;
    if (f.mode === 'added') {
      if (info.added) this.addedNode(f, node, false);
      else this.existingNode(f, node);
      block.lastPrinted = true;
      return;
    }
    if (info.added || info.moved) {
      if (previous && !block.lastPrinted) this.oneLine(f, previous, 'unchanged');
      if (info.added) this.addedNode(f, node, true); else this.existingNode(f, node);
    } else if (info.output) {
      this.existingNode(f, node);
    } else if (owner.reordered) {
      if (!this.pureReorder(block.owner)) this.oneLine(f, node, 'unchanged');
      else if (previous === undefined) {
        // The first child of the block: the whole new order, once.
        for (const child of block.owner.children) this.printed.add(child);
        this.emit(f, `- new order: ${nodeList(block.owner.children, true)}`);
      }
    } else {
      block.lastPrinted = false;
      return;
    }
    block.lastPrinted = true;
  }

  /** Only the order of its children changed: nothing under it prints but that order. */
  private pureReorder(node: RefNode): boolean {
    const info = this.info(node);
    return info.reordered && !info.newUnits.size && !node.children.some(c => this.info(c).output);
  }

  /** A node by its first line only: it did not change (an anchor, a reordered sibling) or moved whole. */
  private oneLine(f: Frame, node: RefNode, why: 'unchanged' | 'moved'): void {
    this.printed.add(node);
    this.emit(f, `${firstLine(node.line)} (${why})`);
  }

  private addedNode(f: Frame, node: RefNode, top: boolean): void {
    if (top) this.added++;
    this.printed.add(node);
    this.emit(f, node.line.text);
    this.frames.push({ block: { owner: node, last: undefined, lastPrinted: true }, lines: node.line.children, index: 0, indent: f.indent + 2, mode: 'added', printUnits: true });
  }

  /** A node of both snapshots that has something to print: its line, then what changed under it. */
  private existingNode(f: Frame, node: RefNode): void {
    const info = this.info(node);
    if (info.moved) this.moved++;
    this.printed.add(node);
    if (info.same) { this.oneLine(f, node, 'moved'); return; }
    if (f.block.owner === this.root && !info.moved && !info.replaced && !this.info(this.root).reordered) { this.region(node); return; }
    if (info.changed) this.changed++;
    if (info.replaced) this.replaced++;
    const below = info.newUnits.size > 0 || info.goneUnits.length > 0 || info.removed.length > 0 || info.reordered ||
      node.children.some(c => this.info(c).output);
    const text = below ? node.line.text : firstLine(node.line);
    // The agent knows the node by its old ref: say which one it is now.
    this.emit(f, info.replaced ? text.replace(/(:?)$/, ` (was ${info.prev!.key})$1`) : text);
    this.openBlock(node, f.indent + 2, info.changed ? 'changed' : 'context');
  }

  /** A top-level node that stayed in place: a hunk headed by it (its new line) and its unchanged single-path descendants. */
  private region(top: RefNode): void {
    const chain = [top];
    for (let at = top; ;) {
      const info = this.info(at);
      if (info.changed || info.removed.length || info.reordered) break;
      const outs = at.children.filter(c => this.info(c).output);
      if (outs.length !== 1) break;
      const next = this.info(outs[0]);
      if (next.added || next.moved || next.changed || next.replaced) break;
      at = outs[0];
      chain.push(at);
    }
    for (const node of chain) this.printed.add(node);
    this.out.push(`~ ${pathLabel(chain)}`);
    this.hunk = 'region';
    const end = chain[chain.length - 1];
    if (this.info(end).changed) this.changed++;
    this.openBlock(end, 2, this.info(end).changed ? 'changed' : 'context');
  }

  private openBlock(node: RefNode, indent: number, mode: Mode): void {
    if (this.info(node).reordered && !this.info(node).changed) this.changed++;
    this.frames.push({ block: { owner: node, last: undefined, lastPrinted: false }, lines: node.line.children, index: 0, indent, mode, printUnits: false, end: () => this.removals(node, indent) });
  }

  /** After a node's block: its ref-less lines that are gone, then its children that are. */
  private removals(node: RefNode, indent: number): void {
    const info = this.info(node);
    for (const unit of info.goneUnits) this.write(node, `- removed: ${unit.text.replace(/^- /, '')}`, indent);
    if (!info.removed.length) return;
    this.removed += info.removed.length;
    this.write(node, `- removed: ${nodeList(info.removed, false)}`, indent);
  }
}

/**
 * Nodes as one list: alike ones (same line but for the ref: the rows of a table a filter emptied)
 * counted once with their refs, `20 × row (e19, e33, …)`, the others each by its label. With
 * `inOrder`, only neighbours group, so the list keeps the nodes' order.
 */
function nodeList(nodes: RefNode[], inOrder: boolean): string {
  const groups: Array<{ shape: string; alike: RefNode[] }> = [];
  const byShape = new Map<string, { shape: string; alike: RefNode[] }>();
  for (const node of nodes) {
    const shape = removedLabel(node).replace(/ \[ref=[^\]]+\]/, '');
    const group = inOrder ? (groups[groups.length - 1]?.shape === shape ? groups[groups.length - 1] : undefined) : byShape.get(shape);
    if (group) { group.alike.push(node); continue; }
    const fresh = { shape, alike: [node] };
    groups.push(fresh);
    byShape.set(shape, fresh);
  }
  const label = inOrder ? segment : removedLabel;
  return groups.map(({ shape, alike }) => alike.length < 3 ? alike.map(label).join(', ')
    : `${alike.length} × ${shape} (${alike.map(node => node.key).join(', ')})`).join(', ');
}

/** `# focus: <node>` when another node has the focus now and no line printed shows it. */
function focusMoved(prev: RefNode, next: RefNode, expected: ReadonlySet<string> | undefined, printer?: Printer): string[] {
  const now = preOrder(next).find(n => n.active);
  const before = preOrder(prev).find(n => n.active);
  if (!now || now.key === before?.key || printer?.printed.has(now) || expected?.has(now.key)) return [];
  return [`# focus: ${segment(now).replace(' [active]', '')}`];
}

/**
 * Diff of two YAML snapshots of the same page. `changed` is false when nothing differs but
 * blank lines and folds; `text` is then a one-line note. Nodes are matched by ref.
 */
export function diffSnapshots(previousYaml: string, nextYaml: string, options: DiffOptions = {}): SnapshotDiff {
  const prev = parseSnapshot(previousYaml);
  const next = parseSnapshot(nextYaml);
  const infos = analyze(prev, next, options.alsoRead !== undefined ? parseSnapshot(options.alsoRead) : undefined);
  const touched = touchedRefs(infos);
  if (!infos.get(next)!.output) {
    const focus = focusMoved(prev, next, options.expectedFocus);
    if (!focus.length) return { text: '# diff: no changes since the previous snapshot', changed: false, touched };
    return { text: ['# diff: only the focus moved', ...focus].join('\n'), changed: true, touched };
  }
  const printer = new Printer(infos, next);
  printer.run();
  const focus = focusMoved(prev, next, options.expectedFocus, printer);
  const counts = [[printer.changed, 'changed'], [printer.added, 'added'], [printer.removed, 'removed'], [printer.moved, 'moved'],
    [printer.replaced, 're-rendered']] as const;
  const header = `# diff: ${counts.filter(([n]) => n).map(([n, what]) => `${n} ${what}`).join(', ') || 'changes'} (unchanged parts omitted)`;
  return { text: [header, ...focus, ...printer.out].join('\n'), changed: true, touched };
}

function touchedRefs(infos: Map<RefNode, Info>): Set<string> {
  const touched = new Set<string>();
  for (const [node, info] of infos) {
    if (info.added || info.changed || info.moved || info.reordered || info.replaced) touched.add(node.key);
    if (info.replaced) touched.add(info.prev!.key);
    for (const gone of info.removed) for (const inner of preOrder(gone)) touched.add(inner.key);
  }
  touched.delete(ROOT);
  return touched;
}

