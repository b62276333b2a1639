// Pure text/tree surgery that puts a child frame's snapshot under its `iframe` placeholder.
// Kept apart from the browser calls so it is unit-testable without a page.
import type { AriaNode } from '../../injected/types.js';

type Box = NonNullable<AriaNode['box']>;

/** What goes under one iframe placeholder: the child's snapshot, or a short note why not. */
export type FrameContent =
  | { kind: 'yaml'; yaml: string }
  | { kind: 'tree'; tree: AriaNode }
  | { kind: 'note'; note: string };

const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** The line with quoted strings (names, values) blanked, so page text cannot fake a ref. */
function unquoted(line: string): string {
  return line.replace(QUOTED, '""');
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** The ref of an `- iframe ... [ref=X]` line, else undefined. */
export function iframeRefOfLine(line: string): string | undefined {
  const bare = unquoted(line).trimStart();
  if (!/^- iframe\b/.test(bare)) return undefined;
  return /\[ref=([^\]\s]+)\]/.exec(bare)?.[1];
}

/** Depth level (0 = top) of the placeholder line for `ref` in a YAML snapshot, if present. */
export function yamlLevelOfRef(yaml: string, ref: string): number | undefined {
  const line = yaml.split('\n').find(l => iframeRefOfLine(l) === ref);
  return line === undefined ? undefined : Math.floor(indentOf(line) / 2);
}

/** A note rendered as a text child, e.g. `- text: "(frame not loaded: timed out)"`. */
export function noteLine(note: string): string {
  return `- text: ${JSON.stringify(`(${note})`)}`;
}

function childLines(content: FrameContent): string[] {
  if (content.kind === 'note') return [noteLine(content.note)];
  if (content.kind === 'yaml') return content.yaml.split('\n').filter(l => l.trim() !== '');
  return [];
}

/** Inserts each child's lines (indented) under its iframe placeholder line. */
export function stitchYaml(parentYaml: string, children: Map<string, FrameContent>): string {
  const lines = parentYaml.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const ref = iframeRefOfLine(line);
    const content = ref === undefined ? undefined : children.get(ref);
    const inserted = content ? childLines(content) : [];
    if (!inserted.length) {
      out.push(line);
      continue;
    }
    const indent = indentOf(line);
    out.push(line.endsWith(':') ? line : `${line}:`);
    // Keep the placeholder's own children (if any) first, then the frame's content.
    while (i + 1 < lines.length && lines[i + 1]!.trim() !== '' && indentOf(lines[i + 1]!) > indent) out.push(lines[++i]!);
    const pad = ' '.repeat(indent + 2);
    for (const child of inserted) out.push(pad + child);
  }
  return out.join('\n');
}

const ROOT_ROLES = new Set(['', 'fragment', 'document', 'RootWebArea', 'WebArea']);

function childNodes(content: FrameContent): Array<AriaNode | string> {
  if (content.kind === 'note') return [`(${content.note})`];
  if (content.kind !== 'tree') return [];
  return ROOT_ROLES.has(content.tree.role) ? content.tree.children : [content.tree];
}

/** Appends each child's tree under its iframe placeholder node (mutates `root`). */
export function stitchTree(root: AriaNode, children: Map<string, FrameContent>): AriaNode {
  const visit = (node: AriaNode) => {
    for (const child of node.children) if (typeof child !== 'string') visit(child);
    const content = node.role === 'iframe' && node.ref ? children.get(node.ref) : undefined;
    if (content) node.children.push(...childNodes(content));
  };
  visit(root);
  return root;
}

/** Depth level of the iframe node `ref` in a tree (root's children = 0), if present. */
export function treeLevelOfRef(root: AriaNode, ref: string): number | undefined {
  const search = (node: AriaNode, level: number): number | undefined => {
    if (node.ref === ref) return level;
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      const found = search(child, level + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const start = ROOT_ROLES.has(root.role) ? -1 : 0;
  return search(root, start);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Moves every `[box=x,y,w,h]` of a YAML snapshot by an offset (frame -> top viewport). */
export function offsetYamlBoxes(yaml: string, dx: number, dy: number): string {
  if (!dx && !dy) return yaml;
  return yaml.split('\n').map(line => {
    // Only touch the text outside quotes: a name may contain "[box=".
    const parts = line.split(QUOTED);
    const quotes = line.match(QUOTED) ?? [];
    const moved = parts.map(part => part.replace(/\[box=(-?[\d.]+),(-?[\d.]+),/g,
      (_, x: string, y: string) => `[box=${round(Number(x) + dx)},${round(Number(y) + dy)},`));
    return moved.map((part, index) => part + (quotes[index] ?? '')).join('');
  }).join('\n');
}

/** Moves every box of a tree by an offset (mutates). */
export function offsetTreeBoxes(root: AriaNode, dx: number, dy: number): void {
  if (!dx && !dy) return;
  const visit = (node: AriaNode) => {
    if (node.box) node.box = { ...node.box, x: round(node.box.x + dx), y: round(node.box.y + dy) } as Box;
    for (const child of node.children) if (typeof child !== 'string') visit(child);
  };
  visit(root);
}
