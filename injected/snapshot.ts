// One document's snapshot runtime: options -> tree -> YAML/JSON, plus ref resolution.
// Kept apart from index.ts (which installs it on globalThis) so jsdom tests can build one with a
// fake layout probe.
import type { AriaNode, RefCheck, SnapshotOptions, SnapshotResult } from './types';
import { beginAriaCaches, endAriaCaches } from './cache';
import { wellFormed } from './dom-utils';
import { getAriaRole } from './roles';
import { RefRegistry } from './refs';
import { buildAriaTree } from './tree';
import { renderYaml } from './render-yaml';
import { iframeRefs, treeToJson, trimTree } from './snapshot-json';
import { nodeName } from './snapshot-node';
import { Secrets } from './snapshot-secrets';
import { type VisibilityProbe, layoutProbe } from './visibility';

export interface SnapshotRuntime {
  snapshot(options?: SnapshotOptions): SnapshotResult;
  resolve(ref: string): Element;
  checkRef(ref: string): RefCheck;
  refFor(element: Element, options?: Pick<SnapshotOptions, 'prefix' | 'seed'>): string | undefined;
  readonly refs: RefRegistry;
}

export function createSnapshotRuntime(doc: Document, docId: string, probe: VisibilityProbe = layoutProbe): SnapshotRuntime {
  const refs = new RefRegistry();
  return {
    refs,
    snapshot: options => takeSnapshot(doc, docId, refs, probe, options ?? {}),
    resolve: ref => refs.resolve(String(ref)),
    checkRef: ref => refs.check(String(ref)),
    refFor: (element, options) => refForElement(doc, refs, element, options),
  };
}

function takeSnapshot(doc: Document, docId: string, refs: RefRegistry, probe: VisibilityProbe, options: SnapshotOptions): SnapshotResult {
  // Find the root before forgetting removed elements (a removed root ref says "removed", not
  // "unknown"), and before counting this as a snapshot (a bad selector takes none).
  const root = options.rootRef !== undefined ? refs.resolve(String(options.rootRef))
    : options.rootSelector !== undefined ? selectRoot(doc, options.rootSelector) : undefined;
  refs.beginSnapshot(options.prefix, options.seed);
  let tree: AriaNode;
  beginAriaCaches();
  try {
    const walkRoot = root ?? doc.body ?? doc.documentElement;
    tree = walkRoot
      ? buildAriaTree(walkRoot, { refs, probe, verbose: !!options.verbose, boxes: !!options.boxes, keepRoot: !!root })
      : { role: 'fragment', name: '', children: [] };
  } finally {
    endAriaCaches();
  }
  const shown = trimTree(tree, options.depth);
  const format = options.format ?? 'yaml';
  const result: SnapshotResult = { iframes: iframeRefs(shown), lastRef: refs.lastRef, docId, url: wellFormed(doc.URL) };
  if (format === 'yaml' || format === 'both') result.yaml = renderYaml(shown, { depth: options.depth });
  if (format === 'json' || format === 'both') {
    if (options.jsonString) result.json = treeToJson(shown);
    else result.tree = shown;
  }
  return result;
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

/** The element's current ref, or a new one (for elements the last snapshot did not show). */
function refForElement(doc: Document, refs: RefRegistry, element: Element, options?: Pick<SnapshotOptions, 'prefix' | 'seed'>): string | undefined {
  if (!element || element.nodeType !== 1 || element.ownerDocument !== doc || !element.isConnected) return undefined;
  refs.configure(options?.prefix, options?.seed);
  const existing = refs.existingRef(element);
  if (existing && !refs.check(existing)) return existing;
  beginAriaCaches();
  try {
    const tag = element.localName;
    if (tag === 'iframe' || tag === 'frame') return refs.refFor(element, 'iframe', ''); // as the walk names frames
    const role = getAriaRole(element);
    const presentational = !role || role === 'none' || role === 'presentation';
    const secrets = new Secrets();
    secrets.addScope(doc);
    const scope = element.getRootNode();
    if (scope !== doc && scope.nodeType === 11) secrets.addScope(scope as ShadowRoot);
    return refs.refFor(element, presentational ? 'generic' : role!, nodeName(element, secrets));
  } finally {
    endAriaCaches();
  }
}
