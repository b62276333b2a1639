// Entry point of the browser runtime: installs `globalThis.__ariaref` once per document.
// STUB wiring: owned by the snapshot helper (tree, refs, renderer); settle by the driver helper.
import type { RuntimeApi, SnapshotOptions, SnapshotResult } from './types';
import { getAriaRole } from './roles';
import { getElementAccessibleName, getElementAccessibleDescription } from './accname';
import { beginAriaCaches, endAriaCaches } from './cache';
import { settle } from './settle';

function withPass<T>(fn: () => T): T {
  beginAriaCaches();
  try { return fn(); } finally { endAriaCaches(); }
}

function install(): void {
  const g = globalThis as any;
  if (g.__ariaref) return; // idempotent: a second injection changes nothing
  const docId = Math.random().toString(36).slice(2);
  const api: RuntimeApi = {
    version: '0.1.0',
    docId,
    snapshot(_options?: SnapshotOptions): SnapshotResult {
      throw new Error('not implemented');
    },
    resolve(ref: string): Element { throw new Error(`Ref ${ref} not found`); },
    checkRef(ref: string) { return { error: `Ref ${ref} not found`, kind: 'unknown' }; },
    refFor() { return undefined; },
    settle: options => settle(options),
    role: el => withPass(() => getAriaRole(el)),
    name: el => withPass(() => getElementAccessibleName(el)),
    description: el => withPass(() => getElementAccessibleDescription(el)),
  };
  Object.defineProperty(g, '__ariaref', { value: api, writable: false, configurable: false, enumerable: false });
}

install();
