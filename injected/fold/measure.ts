// Size of a tree as snapshot/render-yaml.ts would print it, without printing it: the budget decisions in
// fold.ts measure many candidate foldings, so each node's depth-independent size is computed once.
import type { AriaNode } from '../types';
import { nodeKey, yamlEscapeKeyIfNeeded, yamlEscapeValueIfNeeded } from '../snapshot/render-yaml';
import { PASSWORD_MASK } from '../snapshot/secrets';

/** Roles whose description gets a `/description:` line (mirrors snapshot/render-yaml.ts). */
const describedRoles = new Set([
  'button', 'checkbox', 'combobox', 'listbox', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio',
  'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem',
]);

export interface NodeSize {
  /** Characters of this node's own lines, without indentation, newlines included. */
  chars: number;
  /** Lines this node prints itself (its key line and its /url-style property lines). */
  lines: number;
  /** Printed as `key: text` on one line (its only content is that text): children add nothing. */
  inline: boolean;
}

/** Characters of one text line `- text: …` without indentation. */
export function textLineChars(text: string): number {
  return '- text: '.length + yamlEscapeValueIfNeeded(text).length + 1;
}

export class SizeMeter {
  private readonly sizes = new Map<AriaNode, NodeSize>();

  /** The node's own printed size, ignoring children (unless printed inline). */
  node(node: AriaNode): NodeSize {
    let size = this.sizes.get(node);
    if (!size) {
      size = measureNode(node);
      this.sizes.set(node, size);
    }
    return size;
  }

  /** Own size at a given depth (2 spaces of indentation per level on each line). */
  at(node: AriaNode, depth: number): number {
    const size = this.node(node);
    return size.chars + size.lines * 2 * Math.max(0, depth);
  }
}

function measureNode(node: AriaNode): NodeSize {
  const key = 2 + yamlEscapeKeyIfNeeded(nodeKey(node)).length;  // "- " + key
  const props: string[] = [];
  if (node.url !== undefined) props.push(`- /url: ${yamlEscapeValueIfNeeded(node.url)}`);
  if (node.placeholder !== undefined) props.push(`- /placeholder: ${yamlEscapeValueIfNeeded(node.placeholder)}`);
  if (node.description && describedRoles.has(node.role)) props.push(`- /description: ${yamlEscapeValueIfNeeded(node.description)}`);
  const content = contentOf(node);
  if (!props.length && content.length === 1 && typeof content[0] === 'string')
    return { chars: key + 2 + yamlEscapeValueIfNeeded(content[0]).length + 1, lines: 1, inline: true };
  // Props are one level deeper than the key: one extra indent step each.
  const propChars = props.reduce((sum, line) => sum + line.length + 1 + 2, 0);
  const colon = props.length || content.length ? 1 : 0;
  // A value printed as a leading text child belongs to the node: fold.ts walks `children` only.
  const valueLine = content.length > node.children.length ? textLineChars(content[0] as string) + 2 : 0;
  return { chars: key + colon + 1 + propChars + valueLine, lines: 1 + props.length + (valueLine ? 1 : 0), inline: false };
}

/** Children as printed: a value shows as a leading text child when there are no child nodes. */
function contentOf(node: AriaNode): Array<AriaNode | string> {
  const value = node.hasValue ? PASSWORD_MASK : node.value;
  if (!value || node.children.some(child => typeof child !== 'string')) return node.children;
  return [value, ...node.children];
}

/** Printed size of a whole tree (the 'fragment' root is not printed: its children are level 0). */
export function measureTree(root: AriaNode, meter = new SizeMeter()): number {
  let total = 0;
  const stack: Array<{ node: AriaNode | string; depth: number }> = [];
  if (root.role === 'fragment') for (const child of root.children) stack.push({ node: child, depth: 0 });
  else stack.push({ node: root, depth: 0 });
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (typeof node === 'string') { total += textLineChars(node) + 2 * depth; continue; }
    total += meter.at(node, depth);
    if (meter.node(node).inline) continue;
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
  return Math.max(0, total - 1);  // the last line has no newline
}

export interface SubtreeStats {
  /** Printed characters of the subtree with the node at depth 0 (add 2 per line per level deeper). */
  chars: number;
  lines: number;
  /** Levels of element nodes below this one (0: no element children). */
  height: number;
  /** Longest run of consecutive same-role element siblings anywhere in the subtree. */
  longestRun: number;
}

/** Per-node subtree statistics, computed bottom-up without recursion. */
export function subtreeStats(root: AriaNode, meter: SizeMeter): Map<AriaNode, SubtreeStats> {
  const stats = new Map<AriaNode, SubtreeStats>();
  const order: AriaNode[] = [];
  const stack: AriaNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    order.push(node);
    for (const child of node.children) if (typeof child !== 'string') stack.push(child);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    const own = meter.node(node);
    const s: SubtreeStats = { chars: own.chars, lines: own.lines, height: 0, longestRun: 0 };
    let run = 0;
    let role = '';
    for (const child of node.children) {
      if (typeof child === 'string') {
        run = 0; role = '';
        if (!own.inline) { s.chars += textLineChars(child) + 2; s.lines++; }
        continue;
      }
      run = child.role === role ? run + 1 : 1;
      role = child.role;
      const c = stats.get(child)!;
      s.longestRun = Math.max(s.longestRun, run, c.longestRun);
      s.height = Math.max(s.height, c.height + 1);
      if (!own.inline) { s.chars += c.chars + 2 * c.lines; s.lines += c.lines; }
    }
    stats.set(node, s);
  }
  return stats;
}
