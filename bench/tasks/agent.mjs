// The scripted agent: the same for every server. It speaks Playwright MCP's tool vocabulary,
// reads only the answers' text, and finds each target's ref in what it last read: the newest
// snapshot or diff first, then older ones back to the last whole snapshot (minus what diffs
// removed). When no answer it has carries the target, it calls browser_snapshot (and, if the page
// is still building, browser_wait_for one second, up to twice). An action that answers an error is
// retried once on a fresh snapshot; a second error ends the task with what the agent saw. A target
// that is in no snapshot read but may be in a fold (ariaref folds to a token budget) is looked for by
// opening the folds in document order, each as its hint says (browser_snapshot with ref/offset).
import { foldArgs, isErrorAnswer, sectionSizes, snapshotKind, snapshotsOf } from './parse.mjs';

const WAITS = 2;
const MAX_FOLDS = 40;

const matchText = (value, want) => want instanceof RegExp ? want.test(value ?? '') : (value ?? '').trim() === want;

function matches(entry, loc) {
  if (loc.role && entry.role !== loc.role) return false;
  if (loc.name !== undefined && !matchText(entry.name, loc.name)) return false;
  if (loc.text !== undefined && !matchText(entry.text ?? entry.name, loc.text)) return false;
  if (loc.within && !entry.ancestors.some(a => matches(a, loc.within))) return false;
  if (loc.enabled && entry.attrs.includes('disabled')) return false;
  return true;
}

/** How a locator reads in a tool call's `element` and in a failure. */
export function describe(loc) {
  const show = v => v instanceof RegExp ? String(v) : JSON.stringify(v);
  const parts = [loc.enabled ? 'enabled' : '', loc.role ?? 'element', loc.name !== undefined ? show(loc.name) : '', loc.text !== undefined ? `with text ${show(loc.text)}` : ''];
  if (loc.within) parts.push(`in ${describe(loc.within)}`);
  if (loc.after) parts.push(`after ${describe(loc.after)}`);
  return parts.filter(Boolean).join(' ');
}

/**
 * What the agent has read since the last whole snapshot, newest first. A fold it opened is spliced
 * into the whole snapshot where its line was, so document order ("the first X after Y") still holds.
 */
class View {
  docs = [];
  opened = new Set();
  read(text) {
    for (const snap of snapshotsOf(text)) {
      if (snap.kind === 'full') { this.docs = [snap]; this.opened.clear(); } else this.docs.unshift(snap);
    }
  }
  /** The whole snapshot's folds not opened yet, in document order. */
  folds() {
    const full = this.docs.at(-1);
    return full?.kind === 'full' ? full.entries.filter(e => e.fold && !this.opened.has(e)) : [];
  }
  /** Splices the subtree snapshot `text` (the answer to opening `fold`) into the whole snapshot. */
  splice(fold, text) {
    this.opened.add(fold);
    const full = this.docs.at(-1);
    const part = snapshotsOf(text).at(-1);
    if (!part || full?.kind !== 'full') return;
    const entries = part.entries.filter((e, i) => !(i === 0 && e.ref && e.ref === fold.ref));
    for (const e of entries) e.ancestors = [...fold.ancestors, ...(fold.ref ? [fold] : []), ...e.ancestors.filter(a => a.ref !== fold.ref)];
    full.entries.splice(full.entries.indexOf(fold) + 1, 0, ...entries);
  }
  find(loc) {
    const removed = new Set();
    for (const doc of this.docs) {
      let from = 0;
      if (loc.after) {
        const anchor = doc.entries.findIndex(e => e.ref && !removed.has(e.ref) && matches(e, loc.after));
        from = anchor + 1;
      }
      const hit = from > 0 || !loc.after ? doc.entries.slice(from).find(e => e.ref && !removed.has(e.ref) && matches(e, loc)) : undefined;
      if (hit) return hit.ref;
      for (const ref of doc.removed) removed.add(ref);
    }
    return undefined;
  }
}

/**
 * Runs one task's steps through `call(tool, args) -> { text, result }` (which records every call).
 * Returns { ok, failure? } where failure says which step failed and what the agent last read.
 */
export async function runSteps(task, url, call) {
  const view = new View();
  const nav = await call('browser_navigate', { url });
  if (isErrorAnswer(nav.result, nav.text)) return { ok: false, failure: { step: 'navigate', error: firstLines(nav.text) } };
  view.read(nav.text);

  const snapshot = async () => { const r = await call('browser_snapshot', {}); view.read(r.text); return r; };
  /** Opens the folds of the last whole snapshot in order, as their hints say, until `loc` shows. */
  const unfold = async loc => {
    for (let n = 0, fold; n < MAX_FOLDS && !view.find(loc) && (fold = view.folds()[0]); n++) {
      const r = await call('browser_snapshot', foldArgs(fold.fold));
      view.splice(fold, r.text);
    }
    return view.find(loc);
  };
  /** The ref for `loc`: from what was read or its folds, else after a snapshot, else after waiting. */
  const resolve = async loc => {
    let ref = view.find(loc) ?? await unfold(loc);
    if (ref) return ref;
    await snapshot();
    ref = view.find(loc) ?? await unfold(loc);
    for (let i = 0; !ref && i < WAITS; i++) {
      await call('browser_wait_for', { time: 1 });
      await snapshot();
      ref = view.find(loc) ?? await unfold(loc);
    }
    return ref;
  };

  for (const [index, step] of task.steps.entries()) {
    const what = `step ${index + 1} (${step.tool.replace('browser_', '')} ${step.locs.map(describe).join(', ') || step.args?.key || ''})`;
    let lastError;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt) await snapshot();
      const refs = [];
      for (const loc of step.locs) {
        const ref = await resolve(loc);
        if (!ref) return { ok: false, failure: { step: what, error: `no ${describe(loc)} in any snapshot it read`, lastSnapshot: lastSnapshotText(call) } };
        refs.push(ref);
      }
      const r = await call(step.tool, step.build(refs));
      view.read(r.text);
      if (!isErrorAnswer(r.result, r.text)) { lastError = undefined; break; }
      lastError = firstLines(r.text);
    }
    if (lastError) return { ok: false, failure: { step: what, error: lastError } };
  }
  return { ok: true };
}

const firstLines = text => text.replace(/\u001b\[\d+m/g, '').split('\n').slice(0, 6).join('\n').slice(0, 600);
const lastSnapshotText = call => call.lastSnapshotText?.()?.slice(0, 1500);

// ---- steps: what a person would do, written as locators the agent resolves to refs ----------

const element = loc => describe(loc);

export const click = loc => ({ tool: 'browser_click', locs: [loc], build: ([target]) => ({ element: element(loc), target }) });
export const type = (loc, text, options = {}) => ({ tool: 'browser_type', locs: [loc], build: ([target]) => ({ element: element(loc), target, text, ...options }) });
export const select = (loc, values) => ({ tool: 'browser_select_option', locs: [loc], build: ([target]) => ({ element: element(loc), target, values }) });
export const press = key => ({ tool: 'browser_press_key', locs: [], args: { key }, build: () => ({ key }) });
/** browser_fill_form over several fields: [{ loc, type: 'textbox' | 'combobox' | ..., value }]. */
export const fill = fields => ({
  tool: 'browser_fill_form', locs: fields.map(f => f.loc),
  build: refs => ({ fields: fields.map((f, i) => ({ name: f.loc.name instanceof RegExp ? element(f.loc) : f.loc.name, type: f.type, target: refs[i], value: f.value })) }),
});

/** A recorder around an MCP client: every call's size, tokens, sections and snapshot kind. */
export function recorder(client, countTokens, transcript) {
  const calls = [];
  let lastSnapshot;
  const call = async (tool, args) => {
    const started = performance.now();
    let result;
    try {
      result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 120_000 });
    } catch (error) {
      result = { isError: true, content: [{ type: 'text', text: `### Error\n${error.message}` }] };
    }
    const text = (result.content ?? []).filter(c => c.type === 'text').map(c => c.text).join('\n');
    const kind = snapshotKind(text);
    if (kind === 'full' || kind === 'diff') lastSnapshot = text;
    calls.push({ tool, args, ms: Math.round(performance.now() - started), chars: text.length, tokens: countTokens?.(text),
      snapshot: kind, sections: sectionSizes(text), error: isErrorAnswer(result, text) ? firstLines(text) : undefined });
    transcript?.(tool, args, text);
    return { text, result };
  };
  call.lastSnapshotText = () => lastSnapshot;
  return { call, calls };
}
