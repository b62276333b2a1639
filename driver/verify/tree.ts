// The snapshot tree (AriaNode) flattened into what the checks compare: every node with its role,
// name, value, ref and the text it shows (its own and its descendants'), in document order.
// Only what the snapshot renders is here, so "in this list" means "visible" as an agent sees it.
import type { AriaNode } from '../../injected/types.js';

export interface SeenNode {
  role: string;
  name: string;
  ref?: string;
  value?: string;
  /** A password field holds a value the snapshot never shows. */
  hasValue?: boolean;
  checked?: boolean | 'mixed';
  /** Everything the node shows, whitespace collapsed: its name when it has no text of its own. */
  text: string;
  /** Index of the node after this node's last descendant (preorder), to skip a subtree. */
  end: number;
  depth: number;
  /** Text runs directly inside the node. */
  runs: string[];
}

/** Collapses whitespace as Playwright's text matching does. */
export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Case-insensitive, whitespace-insensitive "contains". */
export function includesText(haystack: string, needle: string): boolean {
  return normalize(haystack).toLowerCase().includes(normalize(needle).toLowerCase());
}

/** Nodes in preorder; iterative, so a very deep page cannot overflow the stack. */
export function flatten(tree: AriaNode): SeenNode[] {
  const out: SeenNode[] = [];
  const texts: string[][] = [];
  type Frame = { node: AriaNode; depth: number; index: number; next: number };
  const open = (node: AriaNode, depth: number): Frame => {
    const index = out.length;
    out.push({ role: node.role, name: node.name, ref: node.ref, value: node.value, hasValue: node.hasValue, checked: node.checked, text: '', end: 0, depth, runs: [] });
    texts.push([]);
    return { node, depth, index, next: 0 };
  };
  const stack: Frame[] = [open(tree, 0)];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const children = top.node.children;
    if (top.next < children.length) {
      const child = children[top.next++]!;
      if (typeof child === 'string') {
        out[top.index]!.runs.push(child);
        texts[top.index]!.push(child);
      } else {
        stack.push(open(child, top.depth + 1));
      }
      continue;
    }
    stack.pop();
    const seen = out[top.index]!;
    const own = normalize(texts[top.index]!.join(' '));
    seen.text = own || normalize(seen.name);
    seen.end = out.length;
    const parent = stack[stack.length - 1];
    if (parent && seen.text) texts[parent.index]!.push(seen.text);
  }
  return out;
}

/** The node a ref names in a tree (a ref's subtree snapshot has it at or near the top). */
export function nodeByRef(nodes: SeenNode[], ref: string): SeenNode | undefined {
  return nodes.find(n => n.ref === ref) ?? nodes.find(n => n.role !== 'fragment');
}

/**
 * The innermost iframe node around `node`, undefined on the top page. A child frame's content is
 * stitched under its iframe, so that node is where a locator enters the frame.
 */
export function enclosingFrame(nodes: SeenNode[], node: SeenNode): SeenNode | undefined {
  const index = nodes.indexOf(node);
  for (let i = index - 1; i >= 0; i--) {
    const candidate = nodes[i]!;
    if (candidate.role === 'iframe' && candidate.end > index) return candidate;
  }
  return undefined;
}
