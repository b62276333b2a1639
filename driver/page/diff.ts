// Snapshot diffs: after an action the agent gets only what changed, not the whole page again.
// Pure text logic over two YAML snapshots; refs make lines identifiable across snapshots.
//
// Format of `text` (one hunk per changed subtree, in the order of the new snapshot):
//
//   # diff: 1 changed, 1 added, 1 removed (unchanged parts omitted; take a full snapshot to see all)
//   ~ main [ref=e2] > table "Orders" [ref=e4] > rowgroup [ref=e11]
//     - row "Order 3 edited" [ref=e28]:
//       - cell "Order 3 edited" [ref=e29]
//       - cell [ref=e30] (unchanged)
//   + main [ref=e2] > list [ref=e90] (after [ref=e95])
//     - listitem [ref=e97]: New entry
//   - main [ref=e2] > table "Orders" [ref=e4] > rowgroup [ref=e11]
//     - removed: row "Order 5" [ref=e44]
//
// `~` hunks show the new version of a subtree whose own lines changed (ref-less lines such as
// text and /url belong to their nearest ref line); children that did not change are reduced to
// their first line with " (unchanged)", long runs of them to a count. `+` hunks show added
// subtrees and the ref of the previous sibling ("(first)" when none); `-` hunks name removed
// subtrees by their first line only. A hunk's header is the chain of ancestors with refs
// ("(page)" at the top level); very deep chains keep their first and last links.
import { ROOT, indexByKey, parseSnapshot, unchangedNodes, type Line, type RefNode } from './diff-parse.js';

export interface SnapshotDiff {
  text: string;
  changed: boolean;
}

const UNCHANGED_SHOWN = 3;   // unchanged children listed before the rest become a count
const PATH_HEAD = 2;         // ancestors kept at each end of a very deep path
const PATH_TAIL = 6;

interface Context {
  same: Set<RefNode>;
  out: string[];
  changed: number;
  added: number;
  removed: number;
}

/** A node in the new tree with the way up to the root, for hunk headers. */
interface Link { node: RefNode; up: Link | null }

const firstLine = (line: Line) => line.text.replace(/:$/, '');
const segment = (node: RefNode) => firstLine(node.line).replace(/^- /, '').replace(/ \[cursor=pointer\]/g, '');

function pathLabel(link: Link | null): string {
  const chain: RefNode[] = [];
  for (let at = link; at; at = at.up) if (at.node.key !== ROOT) chain.push(at.node);
  chain.reverse();
  if (!chain.length) return '(page)';
  if (chain.length <= PATH_HEAD + PATH_TAIL + 1) return chain.map(segment).join(' > ');
  const hidden = chain.length - PATH_HEAD - PATH_TAIL;
  return [...chain.slice(0, PATH_HEAD).map(segment), `… ${hidden} levels …`, ...chain.slice(-PATH_TAIL).map(segment)].join(' > ');
}

/** Lines of `lines` (and everything under them) at `indent`; `collapse` picks ref lines shown as one line. */
function renderLines(lines: Line[], indent: number, out: string[], collapse?: (line: Line) => boolean): void {
  const frames: Array<{ lines: Line[]; index: number; indent: number; unchanged: number }> = [{ lines, index: 0, indent, unchanged: 0 }];
  while (frames.length) {
    const f = frames[frames.length - 1];
    const line = f.lines[f.index++];
    const pad = ' '.repeat(f.indent);
    if (line && collapse && line.ref && collapse(line)) {
      if (++f.unchanged <= UNCHANGED_SHOWN) out.push(`${pad}${firstLine(line)} (unchanged)`);
      continue;
    }
    if (f.unchanged > UNCHANGED_SHOWN) out.push(`${pad}- … ${f.unchanged - UNCHANGED_SHOWN} more unchanged`);
    f.unchanged = 0;
    if (!line) { frames.pop(); continue; }
    out.push(pad + line.text);
    if (line.children.length) frames.push({ lines: line.children, index: 0, indent: f.indent + 2, unchanged: 0 });
  }
}

/** Keys common to both child lists appear in the same relative order (only insertions/removals). */
function sameOrder(prev: RefNode[], next: RefNode[], prevKeys: Set<string>, nextKeys: Set<string>): boolean {
  const a = prev.filter(c => nextKeys.has(c.key)).map(c => c.key);
  const b = next.filter(c => prevKeys.has(c.key)).map(c => c.key);
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

function reportRemoved(prev: RefNode, nextKeys: Set<string>, link: Link, ctx: Context): void {
  const gone = prev.children.filter(c => !nextKeys.has(c.key));
  if (!gone.length) return;
  ctx.removed += gone.length;
  ctx.out.push(`- ${pathLabel(link)}`);
  for (const node of gone) ctx.out.push(`  - removed: ${segment(node)}`);
}

interface Frame { prev: RefNode; link: Link; index: number; prevKeys: Set<string> }

/** Opens the diff of one node present in both snapshots; returns a frame when its children need a look. */
function openNode(prev: RefNode, link: Link, ctx: Context): Frame | undefined {
  const next = link.node;
  const prevKeys = new Set(prev.children.map(c => c.key));
  const nextKeys = new Set(next.children.map(c => c.key));
  if (prev.own !== next.own || !sameOrder(prev.children, next.children, prevKeys, nextKeys)) {
    // Its own lines changed (or its children moved): its new version, unchanged children reduced.
    ctx.changed++;
    ctx.out.push(`~ ${pathLabel(link.up)}`);
    const collapse = (line: Line) => !!line.node && ctx.same.has(line.node);
    renderLines(next.key === ROOT ? next.line.children : [next.line], 2, ctx.out, collapse);
    reportRemoved(prev, nextKeys, link, ctx);
    return undefined;
  }
  reportRemoved(prev, nextKeys, link, ctx);
  return { prev, link, index: 0, prevKeys };
}

/**
 * Diff of two YAML snapshots of the same page. `changed` is false when they are identical
 * (blank lines aside); `text` is then a one-line note. Subtrees are matched by ref, so a ref
 * that moved to another parent shows as removed there and added here.
 */
export function diffSnapshots(previousYaml: string, nextYaml: string): SnapshotDiff {
  const prev = parseSnapshot(previousYaml);
  const next = parseSnapshot(nextYaml);
  const prevIndex = indexByKey(prev);
  const same = unchangedNodes(next, prevIndex);
  if (same.has(next)) return { text: '# diff: no changes since the previous snapshot', changed: false };
  const ctx: Context = { same, out: [], changed: 0, added: 0, removed: 0 };
  const frames: Frame[] = [];
  const root = openNode(prev, { node: next, up: null }, ctx);
  if (root) frames.push(root);
  while (frames.length) {
    const f = frames[frames.length - 1];
    const children = f.link.node.children;
    if (f.index >= children.length) { frames.pop(); continue; }
    const i = f.index++;
    const child = children[i];
    if (!f.prevKeys.has(child.key)) {
      ctx.added++;
      ctx.out.push(`+ ${pathLabel(f.link)}${i > 0 ? ` (after [ref=${children[i - 1].key}])` : ' (first)'}`);
      renderLines([child.line], 2, ctx.out);
      continue;
    }
    if (same.has(child)) continue;
    const opened = openNode(prevIndex.get(child.key)!, { node: child, up: f.link }, ctx);
    if (opened) frames.push(opened);
  }
  const header = `# diff: ${ctx.changed} changed, ${ctx.added} added, ${ctx.removed} removed` +
    ' (unchanged parts omitted; take a full snapshot to see all)';
  return { text: [header, ...ctx.out].join('\n'), changed: true };
}
