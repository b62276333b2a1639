// Parsing for snapshot diffs: YAML snapshot text -> a tree of lines -> a tree of ref nodes, where
// each ref line owns the ref-less lines under it (text, /url, options). All iterative: snapshots
// of very deep pages must not overflow the stack.

/** One YAML line and the lines nested under it. */
export interface Line {
  text: string;          // trimmed line
  ref?: string;
  children: Line[];
  node?: RefNode;        // set on ref lines once the ref tree is built
}

/** A node with a ref (or the document root): its identity, its own content and its ref children. */
export interface RefNode {
  key: string;
  line: Line;
  own: string;           // signature of this line and of nested lines not under another ref
  children: RefNode[];
}

export const ROOT = '#root';
const refPattern = /\[ref=([A-Za-z0-9_-]+)\]/;

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

function refNode(key: string, line: Line): RefNode {
  const node: RefNode = { key, line, own: '', children: [] };
  line.node = node;
  return node;
}

/** Ref lines become RefNodes; ref-less lines fold into the signature of their nearest ref ancestor. */
export function parseSnapshot(yaml: string): RefNode {
  const root = refNode(ROOT, parseLines(yaml));
  const pending: RefNode[] = [root];
  while (pending.length) {
    const node = pending.pop()!;
    const own = [node.line.text];
    const stack: Array<{ line: Line; depth: number }> = [];
    for (let i = node.line.children.length - 1; i >= 0; i--) stack.push({ line: node.line.children[i], depth: 1 });
    while (stack.length) {
      const { line, depth } = stack.pop()!;
      if (line.ref) {
        const child = refNode(line.ref, line);
        node.children.push(child);
        pending.push(child);
        continue;
      }
      own.push(`${depth}${line.text}`);
      for (let i = line.children.length - 1; i >= 0; i--) stack.push({ line: line.children[i], depth: depth + 1 });
    }
    node.own = own.join('\n');
  }
  return root;
}

/** Every RefNode by key (refs are unique in a snapshot). */
export function indexByKey(root: RefNode): Map<string, RefNode> {
  const index = new Map<string, RefNode>();
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    index.set(node.key, node);
    for (const child of node.children) stack.push(child);
  }
  return index;
}

/**
 * For each node of `next`: whether it equals its namesake in the previous snapshot, subtree
 * included. Computed bottom-up (children before parents) without recursion.
 */
export function unchangedNodes(next: RefNode, prevIndex: Map<string, RefNode>): Set<RefNode> {
  const order: RefNode[] = [];
  const stack = [next];
  while (stack.length) {
    const node = stack.pop()!;
    order.push(node);
    for (const child of node.children) stack.push(child);
  }
  const same = new Set<RefNode>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    const prev = prevIndex.get(node.key);
    if (prev && prev.own === node.own && prev.children.length === node.children.length &&
        node.children.every((child, j) => child.key === prev.children[j].key && same.has(child)))
      same.add(node);
  }
  return same;
}
