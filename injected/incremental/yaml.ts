// YAML of a tree whose unchanged subtrees are the very node objects of the previous snapshot
// (snapshots.ts): the text of such a subtree is kept on its node and reused, so a repeated
// snapshot renders only what changed. Every line still comes from renderYaml (snapshot/render-yaml.ts): a
// node is rendered with a placeholder node standing for each child node, and each placeholder line
// is replaced by that child's text, so the output is exactly renderYaml's.
import type { AriaNode } from '../types';
import { renderYaml, sharesNameDecision } from '../snapshot/render-yaml';

/** Role of the placeholder: a control character, which no real key line can contain unescaped. */
const PLACEHOLDER: AriaNode = { role: '\u0001', name: '', children: [] };
/** Subtrees whose text is longer are recomposed from their children each time (bounded memory). */
const MAX_KEPT = 16_384;
/** Deeper than this, plain rendering (renderYaml is iterative; this file recurses). */
const MAX_DEPTH = 200;
/** Subtrees of at most this many nodes are rendered in one renderYaml call (cheaper than composing). */
const SMALL = 64;

const TEXT = Symbol('ariaref.yaml');

interface Kept { depth: number; text: string }

let placeholderLine: string | undefined;

/** The last whole rendering: a snapshot that reused every top-level node is the same text. */
let last: { top: Array<AriaNode | string>; text: string } | undefined;

/** renderYaml(root) for an unlimited depth, reusing the kept text of unchanged subtrees. */
export function renderYamlReusing(root: AriaNode): string {
  const top = root.role === 'fragment' ? root.children : [root];
  if (last && sameItems(last.top, top)) return last.text;
  const parts: string[] = [];
  for (const child of top) parts.push(render(child, 0));
  const text = parts.join('\n');
  last = { top: top.slice(), text };
  return text;
}

function sameItems(a: Array<AriaNode | string>, b: Array<AriaNode | string>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function render(node: AriaNode | string, depth: number): string {
  if (typeof node === 'string') return indent(renderYaml({ role: 'fragment', name: '', children: [node] }), depth);
  const kept = (node as unknown as Record<symbol, Kept | undefined>)[TEXT];
  if (kept && kept.depth === depth) return kept.text;
  let text = compose(node, depth);
  if (text.length <= MAX_KEPT) {
    text = flat(text);
    try {
      Object.defineProperty(node, TEXT, { value: { depth, text }, configurable: true, writable: true });
    } catch { /* a frozen node: rendered again next time */ }
  }
  return text;
}

function compose(node: AriaNode, depth: number): string {
  const children = node.children.filter((c): c is AriaNode => typeof c !== 'string');
  if (!children.length || depth > MAX_DEPTH || isSmall(node)) return indent(renderYaml(node), depth);
  const shape: AriaNode = { ...node, children: node.children.map(c => typeof c === 'string' ? c : PLACEHOLDER) };
  sharesNameDecision(shape, node);
  const lines = renderYaml(shape).split('\n');
  const marker = `  ${placeholderLine ??= renderYaml(PLACEHOLDER)}`;
  const prefix = '  '.repeat(depth);
  const out: string[] = [];
  let next = 0;
  for (const line of lines) {
    if (line === marker && next < children.length) out.push(render(children[next++], depth + 1));
    else out.push(prefix + line);
  }
  // Every child must have replaced its placeholder; otherwise render the plain way.
  if (next !== children.length) return indent(renderYaml(node), depth);
  return out.join('\n');
}

/** Whether the subtree has at most SMALL nodes (stops counting past that). */
function isSmall(root: AriaNode): boolean {
  let count = 0;
  const stack: AriaNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (++count > SMALL) return false;
    for (const child of node.children) if (typeof child !== 'string') stack.push(child);
  }
  return true;
}

/**
 * The same text as one flat string. Kept texts are built by concatenation, and V8 keeps such a
 * string as a chain of pieces (about 20 bytes each, a dozen per table row); a substring flattens
 * the chain once and keeps only the flat copy.
 */
function flat(text: string): string {
  return text.length > 12 ? ` ${text}`.slice(1) : text;
}

function indent(text: string, depth: number): string {
  if (!depth) return text;
  const prefix = '  '.repeat(depth);
  return prefix + text.replace(/\n/g, `\n${prefix}`);
}
