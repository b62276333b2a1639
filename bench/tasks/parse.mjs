// What the scripted agent understands of an answer: its markdown sections and the refs in the
// YAML snapshots it carries, a whole snapshot or an inline diff (driver/page/diff.ts's format).
// Nothing else is read: no file a link points at, no page state.

/** Characters per `### Section` of an answer ("(none)" for text before the first header). */
export function sectionSizes(text) {
  const sizes = {};
  let name = '(none)';
  for (const part of text.split(/^(?=### )/m)) {
    const header = /^### (.+)$/m.exec(part);
    if (header && part.startsWith('### ')) name = header[1].trim();
    sizes[name] = (sizes[name] ?? 0) + part.length;
  }
  return sizes;
}

/** Unquotes a YAML scalar written the way Playwright's snapshots write them. */
function scalar(text) {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (t.startsWith('"')) try { return JSON.parse(t); } catch { /* as written */ }
  if (t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
  return t;
}

/** One snapshot line's content ("button \"Save\" [ref=e5]: text"), its YAML key quoting removed. */
export function parseLine(body) {
  let content = body;
  if (body.startsWith("'")) {
    let end = 1;
    while (end < body.length && !(body[end] === "'" && body[end + 1] !== "'")) end += body[end] === "'" ? 2 : 1;
    content = body.slice(1, end).replace(/''/g, "'") + body.slice(end + 1);
  }
  const m = /^([\w/-]+)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)(?::(?: (.*))?)?$/.exec(content);
  if (!m) return undefined;
  let name = m[2];
  if (name !== undefined) try { name = JSON.parse(`"${name}"`); } catch { /* as written */ }
  const attrs = [...(m[3] ?? '').matchAll(/\[([^\]]*)\]/g)].map(a => a[1]);
  const ref = attrs.find(a => a.startsWith('ref='))?.slice(4);
  return { role: m[1], name, ref, attrs, text: scalar(m[4]) };
}

/** Entries of snapshot lines (`- role "name" [ref=…]`), each with its ancestors, from `indent` on. */
function entriesOf(lines, baseAncestors, out) {
  const stack = []; // [{ indent, entry }]
  for (const raw of lines) {
    const m = /^(\s*)- (.*)$/.exec(raw);
    if (!m) continue;
    const indent = m[1].length;
    // A fold: its own line ("… 12 more items folded: snapshot with ref=e5 offset=10") or a node's text.
    const line = m[2].startsWith('…') ? { role: '(fold)', attrs: [], text: m[2] } : parseLine(m[2].replace(/ \((?:unchanged|moved)\)$/, ''));
    while (stack.length && stack.at(-1).indent >= indent) stack.pop();
    if (!line) continue;
    const fold = /^… .*: snapshot with (.+)$/.exec(line.text ?? '')?.[1];
    const entry = { ...line, fold, ancestors: [...baseAncestors, ...stack.map(s => s.entry)], index: out.length };
    out.push(entry);
    stack.push({ indent, entry });
  }
  return out;
}

/** A hunk header's chain of ancestors ("main [ref=e2] > dialog \"Edit\" [ref=e9]"). */
function headerChain(header) {
  const path = header.replace(/ \((?:after \[ref=\w+\]|first)\)$/, '');
  if (path === '(page)') return [];
  return path.split(' > ').map(s => parseLine(s)).filter(Boolean);
}

/** A diff's entries (lines of `~` and `+` hunks) and the refs its `-` hunks removed. */
function parseDiff(yaml) {
  const entries = [];
  const removed = new Set();
  let hunk;
  const flush = () => {
    if (!hunk) return;
    // `- removed: a [ref=e1], b [ref=e2]` lines name removed nodes, in `-` hunks and among a hunk's lines.
    const gone = l => { for (const m of l.matchAll(/\[ref=(\w+)\]/g)) removed.add(m[1]); };
    if (hunk.kind === '-') hunk.lines.forEach(gone);
    else {
      for (const l of hunk.lines) if (/^\s*- removed: /.test(l)) gone(l);
      entriesOf(hunk.lines.filter(l => !/^\s*- removed: /.test(l)), hunk.chain, entries);
    }
  };
  for (const line of yaml.split('\n')) {
    const head = /^([~+-]) (.*)$/.exec(line);
    if (head) { flush(); hunk = { kind: head[1], chain: headerChain(head[2]), lines: [] }; continue; }
    if (hunk && line.startsWith('  ')) hunk.lines.push(line.slice(2));
  }
  flush();
  return { kind: 'diff', entries, removed };
}

/**
 * The snapshots an answer carries, as the agent reads them: `{ kind: 'full' | 'diff', entries, removed }`
 * for each fenced YAML block of its Snapshot section; a bare file link carries none.
 */
export function snapshotsOf(text) {
  const section = /^### Snapshot\n([\s\S]*?)(?=^### |(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const out = [];
  for (const fence of section.matchAll(/```yaml\n([\s\S]*?)\n```/g)) {
    const yaml = fence[1];
    out.push(yaml.startsWith('# diff:') ? parseDiff(yaml) : { kind: 'full', entries: entriesOf(yaml.split('\n'), [], []), removed: new Set() });
  }
  return out;
}

/** browser_snapshot arguments for a fold's hint ("ref=e5 offset=10" -> { target: 'e5', offset: 10 }). */
export function foldArgs(hint) {
  const args = {};
  for (const [, key, value] of hint.matchAll(/(\w+)=(\S+)/g)) {
    if (key === 'ref') args.target = value;
    else args[key] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return args;
}

/** How the answer's Snapshot section came: 'full', 'diff', 'link' (a file only) or 'none'. */
export function snapshotKind(text) {
  const snaps = snapshotsOf(text);
  if (snaps.length) return snaps.at(-1).kind;
  return /^### Snapshot\n- \[Snapshot\]\(/m.test(text) ? 'link' : 'none';
}

export const isErrorAnswer = (result, text) => Boolean(result?.isError) || /^### Error/m.test(text);
