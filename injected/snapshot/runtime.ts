// One document's snapshot runtime: options -> tree -> YAML/JSON, plus ref resolution.
// Kept apart from injected/index.ts (which installs it on globalThis) so jsdom tests can build one with a
// fake layout probe.
import type { AriaNode, RefCheck, RefCheckOptions, SnapshotOptions, SnapshotResult } from '../types';
import { beginAriaCaches, endAriaCaches } from '../dom/pass-cache';
import { wellFormed } from './text';
import { getAriaRole } from '../aria/roles';
import { RefRegistry } from './refs';
import { buildAriaTree } from './tree';
import { IncrementalSnapshots, type Pass, RestartPass } from '../incremental/snapshots';
import { renderYaml } from './render-yaml';
import { renderYamlReusing } from '../incremental/yaml';
import { iframeRefs, treeToJson, trimTree } from './json';
import { nodeName } from './node';
import { Secrets } from './secrets';
import { type VisibilityProbe, layoutProbe } from './visibility';

export interface SnapshotRuntime {
  snapshot(options?: SnapshotOptions): SnapshotResult;
  resolve(ref: string): Element;
  checkRef(ref: string, options?: RefCheckOptions): RefCheck;
  refFor(element: Element, options?: Pick<SnapshotOptions, 'prefix' | 'seed'>): string | undefined;
  readonly refs: RefRegistry;
}

export function createSnapshotRuntime(doc: Document, docId: string, probe: VisibilityProbe = layoutProbe): SnapshotRuntime {
  const refs = new RefRegistry();
  const incremental = new IncrementalSnapshots(doc);
  refs.setDescriber(element => describeNow(doc, element));
  return {
    refs,
    snapshot: options => takeSnapshot(doc, docId, { refs, probe, incremental }, options ?? {}),
    resolve: ref => refs.resolve(String(ref)),
    checkRef: (ref, options) => refs.check(String(ref), options && typeof options === 'object' ? options : undefined),
    refFor: (element, options) => {
      const before = element && element.nodeType === 1 ? refs.existingRef(element) : undefined;
      const ref = refForElement(doc, refs, element, options);
      // A new ref for an element that had one: snapshots reusing the old node would show a stale ref.
      if (before !== undefined && ref !== before) incremental.invalidateAll('a ref changed outside a snapshot');
      return ref;
    },
  };
}

interface Runtime { refs: RefRegistry; probe: VisibilityProbe; incremental: IncrementalSnapshots }

function takeSnapshot(doc: Document, docId: string, runtime: Runtime, options: SnapshotOptions): SnapshotResult {
  const { refs, incremental } = runtime;
  // Find the root before forgetting removed elements (a removed root ref says "removed", not
  // "unknown"), and before counting this as a snapshot (a bad selector takes none).
  const root = options.rootRef !== undefined ? refs.resolve(String(options.rootRef))
    : options.rootSelector !== undefined ? selectRoot(doc, options.rootSelector) : undefined;
  refs.beginSnapshot(options.prefix, options.seed);
  let tree: AriaNode;
  beginAriaCaches();
  try {
    const walkRoot = root ?? doc.body ?? doc.documentElement;
    tree = walkRoot ? buildTree(walkRoot, !!root, runtime, options) : { role: 'fragment', name: '', children: [] };
  } finally {
    endAriaCaches();
  }
  // Nodes of unchanged subtrees are shared with the next pass: a tree handed out is a copy.
  const wantsTree = (options.format === 'json' || options.format === 'both') && !options.jsonString;
  const shown = trimTree(tree, wantsTree && incremental.info.mode !== 'off' ? options.depth ?? Infinity : options.depth);
  const format = options.format ?? 'yaml';
  const result: SnapshotResult = { iframes: iframeRefs(shown), lastRef: refs.lastRef, docId, url: wellFormed(doc.URL) };
  if (format === 'yaml' || format === 'both') {
    // Kept nodes keep their text too: the next pass that reuses them reuses their text.
    const reusing = incremental.info.kept && shown === tree;
    result.yaml = reusing ? renderYamlReusing(shown) : renderYaml(shown, { depth: options.depth });
  }
  if (format === 'json' || format === 'both') {
    if (options.jsonString) result.json = treeToJson(shown);
    else result.tree = shown;
  }
  if (options.debugIncremental) result.incremental = { ...incremental.info };
  return result;
}

/** The walk, reusing the last pass's output for unchanged subtrees when it can (incremental/snapshots.ts). */
function buildTree(walkRoot: Element, rooted: boolean, runtime: Runtime, options: SnapshotOptions): AriaNode {
  const { refs, probe, incremental } = runtime;
  const treeOptions = { refs, probe, verbose: !!options.verbose, boxes: !!options.boxes, keepRoot: rooted };
  let pass: Pass | undefined = incremental.begin(walkRoot, options, rooted, refs);
  let ok = false;
  try {
    let tree: AriaNode;
    try {
      tree = buildAriaTree(walkRoot, { ...treeOptions, reuse: pass });
    } catch (error) {
      if (!(error instanceof RestartPass) || !pass) throw error;
      // aria-owns showed up in a shadow root after subtrees were reused: walk everything.
      pass = incremental.restart(pass, refs);
      tree = buildAriaTree(walkRoot, { ...treeOptions, reuse: pass });
    }
    ok = true;
    return tree;
  } finally {
    incremental.end(pass, ok);
  }
}

function selectRoot(doc: Document, selector: string): Element {
  let found: Element | null;
  try {
    found = doc.querySelector(String(selector));
  } catch {
    throw new Error(`Invalid CSS selector ${JSON.stringify(String(selector))}: it cannot be used as a snapshot root.`);
  }
  if (!found) throw new Error(`No element matches the CSS selector ${JSON.stringify(String(selector))} in this page, so there is nothing to snapshot.`);
  return found;
}

/** The role and name an element has now, as the walk gives them (frames are `iframe ""`): new refs and the renamed-ref check use it. */
function describeNow(doc: Document, element: Element): { role: string; name: string } {
  beginAriaCaches();
  try {
    const tag = element.localName;
    if (tag === 'iframe' || tag === 'frame') return { role: 'iframe', name: '' };
    const role = getAriaRole(element);
    const presentational = !role || role === 'none' || role === 'presentation';
    const secrets = new Secrets();
    secrets.addScope(doc);
    const scope = element.getRootNode();
    if (scope !== doc && scope.nodeType === 11) secrets.addScope(scope as ShadowRoot);
    return { role: presentational ? 'generic' : role!, name: nodeName(element, secrets) };
  } finally {
    endAriaCaches();
  }
}

/** The element's current ref, or a new one (for elements the last snapshot did not show). */
function refForElement(doc: Document, refs: RefRegistry, element: Element, options?: Pick<SnapshotOptions, 'prefix' | 'seed'>): string | undefined {
  if (!element || element.nodeType !== 1 || element.ownerDocument !== doc || !element.isConnected) return undefined;
  refs.configure(options?.prefix, options?.seed);
  const existing = refs.existingRef(element);
  if (existing && !refs.check(existing)) return existing;
  const { role, name } = describeNow(doc, element);
  return refs.refFor(element, role, name);
}
