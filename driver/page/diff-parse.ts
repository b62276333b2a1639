// Parsing for snapshot diffs: YAML snapshot text -> a tree of lines -> a tree of ref nodes, where
// each ref line owns the ref-less lines under it (text, /url, options). Fold lines ("… 12 nodes
// folded: snapshot with ref=e5") say how to see more, not what the page holds: they are kept for
// printing but left out of every comparison, and a node holding one may list only part of its
// children. All iterative: snapshots of very deep pages must not overflow the stack.

/** One YAML line and the lines nested under it. */
export interface Line {
  text: string;          // trimmed line
  ref?: string;
  children: Line[];
  node?: RefNode;        // set on ref lines once the ref tree is built
  /** Ref-less lines: this line and its ref-less descendants as compared (a ref child stands as one marker). */
  signature?: string;
}

/** A node with a ref (or the document root): its identity, its own content and its ref children. */
export interface RefNode {
  key: string;
  line: Line;
  parent: RefNode | undefined;
  /** Its key line without an inline fold note: what a change of the node itself is told by. */
  head: string;
  /** Ref-less lines directly under its line, fold lines left out (text runs, /url, options...). */
  units: Line[];
  /** Signature of the node's own lines (head and units), for comparisons. */
  own: string;
  /** It holds a fold line: some of its children are not listed, they are not gone. */
  folded: boolean;
  /** It has the focus (`[active]`, left out of `head`). */
  active: boolean;
  children: RefNode[];
}

export const ROOT = '#root';
const refPattern = /\[ref=([A-Za-z0-9_-]+)\]/;
const activePattern = / \[active\](?= \[| *$)/;
/** A fold line as a text line of its own, and as the inline text of a folded node's key line. */
const foldLinePattern = /^- text: "?… .*snapshot with [^"]*"?$/;
const inlineFoldPattern = /^(.*?): "?… [^"]*snapshot with [^"]*"?$/;

export function isFoldLine(text: string): boolean {
  return foldLinePattern.test(text);
}

export function parseLines(yaml: string): Line {
  const root: Line = { text: '', children: [] };
  const stack: Array<{ indent: number; line: Line }> = [{ indent: -1, line: root }];
  for (const raw of yaml.split('\n')) {
    if (!raw.trim()) continue;
    const indent = raw.length - raw.trimStart().length;
    const text = raw.trim();
    const line: Line = { text, ref: refPattern.exec(text)?.[1], children: [] };
    while (stack.length > 1 && stack[stack.length - 1].indent >= indent) stack.pop();
    stack[stack.length - 1].line.children.push(line);
    stack.push({ indent, line });
  }
  return root;
}

function refNode(key: string, line: Line, parent: RefNode | undefined): RefNode {
  const inline = line.ref ? inlineFoldPattern.exec(line.text) : null;
  // Compared without the colon that only says children follow, and without focus: where focus
  // went is told once (diff.ts), not as a change of the two nodes it left and reached.
  const key0 = (inline ? inline[1] : line.text).replace(/:$/, '');
  const head = key0.replace(activePattern, '');
  const node: RefNode = { key, line, parent, head, active: head !== key0, units: [], own: '', folded: !!inline, children: [] };
  line.node = node;
  return node;
}

/**
 * Ref lines become RefNodes; ref-less lines become the units of their nearest ref ancestor, each
 * with a signature of its ref-less subtree (a nested ref line stands as one marker there).
 */
export function parseSnapshot(yaml: string): RefNode {
  const root = refNode(ROOT, parseLines(yaml), undefined);
  const pending: RefNode[] = [root];
  while (pending.length) {
    const node = pending.pop()!;
    // Units are signed bottom-up: a post-order walk of the node's ref-less lines.
    const stack: Array<{ line: Line; depth: number; open: boolean }> = [];
    for (let i = node.line.children.length - 1; i >= 0; i--) stack.push({ line: node.line.children[i], depth: 1, open: false });
    while (stack.length) {
      const top = stack[stack.length - 1];
      const { line } = top;
      if (line.ref) {
        stack.pop();
        const child = refNode(line.ref, line, node);
        node.children.push(child);
        pending.push(child);
        continue;
      }
      if (!top.open) {
        top.open = true;
        if (top.depth === 1) {
          if (isFoldLine(line.text)) node.folded = true;
          else node.units.push(line);
        }
        for (let i = line.children.length - 1; i >= 0; i--) stack.push({ line: line.children[i], depth: top.depth + 1, open: false });
        continue;
      }
      stack.pop();
      line.signature = [line.text, ...line.children.map(c => c.ref ? '\u0001' : c.signature!.replace(/^/gm, '  '))].join('\n');
    }
    node.own = [node.head, ...node.units.map(u => u.signature!)].join('\n');
  }
  return root;
}

/** Every RefNode by key (refs are unique in a snapshot). */
export function indexByKey(root: RefNode): Map<string, RefNode> {
  const index = new Map<string, RefNode>();
  for (const node of preOrder(root)) index.set(node.key, node);
  return index;
}

/** The nodes of a tree, parents before children, without recursion. */
export function preOrder(root: RefNode): RefNode[] {
  const order: RefNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    order.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return order;
}
