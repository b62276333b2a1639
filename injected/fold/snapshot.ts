// Budget, paging and find on top of the snapshot runtime (snapshot/runtime.ts): when a snapshot asks for
// a budget or a page, take the tree, fold it, then render what the caller asked for. Without
// those options the snapshot runtime answers directly (no extra cost).
import type { AriaNode, FindQuery, FindResult, SnapshotOptions, SnapshotResult } from '../types';
import { foldToBudget, tokensOf } from './fold';
import { measureTree } from './measure';
import { findInTree } from './find';
import { interactiveTree } from './interactive';
import { renderYaml } from '../snapshot/render-yaml';
import { iframeRefs, treeToJson } from '../snapshot/json';

interface Snapshotter {
  snapshot(options?: SnapshotOptions): SnapshotResult;
  /** The element of a ref (throws for unknown/removed refs). */
  resolve?(ref: string): Element;
}

export function foldedSnapshot(runtime: Snapshotter, options: SnapshotOptions = {}): SnapshotResult {
  const budgeted = typeof options.budgetTokens === 'number' && options.budgetTokens > 0 && options.budgetTokens !== Infinity;
  if (!budgeted && !options.interactive && options.offset === undefined && options.limit === undefined) return runtime.snapshot(options);
  const { format = 'yaml', jsonString, budgetTokens, offset, limit, basis, interactive, ...rest } = options;
  const { tree, ...base } = runtime.snapshot({ ...rest, format: 'json' });
  const isOffscreen = runtime.resolve ? (ref: string) => isOutsideViewport(runtime.resolve!(ref)) : undefined;
  const rooted = options.rootRef !== undefined || options.rootSelector !== undefined;
  const shown = interactive ? interactiveTree(tree!, rooted) : tree!;
  const folded = foldToBudget(shown, { budgetTokens, offset, limit, rootRef: rootRefOf(tree!, options), isOffscreen });
  const result: SnapshotResult = { ...base, iframes: folded === tree ? base.iframes : iframeRefs(folded) };
  if (format === 'yaml' || format === 'both') result.yaml = renderYaml(folded, { depth: options.depth });
  // What the diff of the next snapshot compares: scrolling folds and unfolds regions, which is no change.
  if (basis && folded !== tree && result.yaml !== undefined) result.basis = renderYaml(tree!, { depth: options.depth });
  // What this frame spent of the budget: the driver shares the rest among its child frames.
  if (budgeted) result.tokens = tokensOf(result.yaml !== undefined ? result.yaml.length : measureTree(folded));
  if (format === 'json' || format === 'both') {
    if (jsonString) result.json = treeToJson(folded);
    else result.tree = folded;
  }
  return result;
}

/** Entirely outside the frame's viewport: nothing of it can be seen without scrolling. */
function isOutsideViewport(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const rect = element.getBoundingClientRect();
  // Nothing laid out (display: contents, no layout engine): position says nothing.
  if (!rect.width && !rect.height) return false;
  return rect.bottom <= 0 || rect.top >= view.innerHeight || rect.right <= 0 || rect.left >= view.innerWidth;
}

/** The ref paging refers to: the rooted element's (rootRef, or the rootSelector match's). */
function rootRefOf(tree: AriaNode, options: SnapshotOptions): string | undefined {
  if (options.rootRef !== undefined) return String(options.rootRef);
  if (options.rootSelector === undefined) return undefined;
  const top = tree.children.find((c): c is AriaNode => typeof c !== 'string');
  return top?.ref;
}

export function findInSnapshot(runtime: Snapshotter, query: FindQuery = {}): FindResult {
  const result = runtime.snapshot({ format: 'json', rootRef: query.rootRef, prefix: query.prefix, seed: query.seed });
  return { ...findInTree(result.tree!, query), docId: result.docId, lastRef: result.lastRef, url: result.url };
}
