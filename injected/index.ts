// Entry point of the browser runtime: installs `globalThis.__ariaref` once per document.
// Snapshot/refs come from snapshot/runtime.ts; settle and the wait support from wait/.
import type { RuntimeApi } from './types';
import { getComputedRole } from './aria/roles';
import { getElementAccessibleName, getElementAccessibleDescription } from './aria/accname/name';
import { beginAriaCaches, endAriaCaches } from './dom/pass-cache';
import { settle } from './wait/settle';
import { createSnapshotRuntime } from './snapshot/runtime';
import { crossableResult } from './snapshot/json';
import { findInSnapshot, foldedSnapshot } from './fold/snapshot';
import { installWaitSupport, waitApi } from './wait/api';
import { capturePristineBuiltins, withPristineBuiltins as guarded } from './pristine';
import { installClosedShadowTracking } from './dom/closed-shadow';
import { coveringElementOf } from './wait/hit-target';
import { aimAt, checkedOf } from './wait/aim';
import { locatorSteps } from './snapshot/locator';

function withPass<T>(fn: () => T): T {
  beginAriaCaches();
  try { return fn(); } finally { endAriaCaches(); }
}

/** Random per document: tells the driver a navigation replaced the runtime. */
function randomId(): string {
  const bytes = new Uint8Array(8);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('');
}

function install(): void {
  const g = globalThis as any;
  if (g.__ariaref) return; // idempotent: a second injection changes nothing
  installWaitSupport(); // before any page script grabs setTimeout/fetch
  installClosedShadowTracking(); // before any page script attaches a shadow root
  capturePristineBuiltins(); // after our own wrappers, so they count as the originals
  const docId = randomId();
  const snapshots = createSnapshotRuntime(document, docId);
  const api: RuntimeApi = {
    version: '0.1.0',
    docId,
    // Budget/paging (fold/) and find wrap the snapshot runtime; plain snapshots pass straight through.
    // A tree too deep for page.evaluate's serializer comes back as JSON text (`json`) instead.
    snapshot: options => guarded(() => crossableResult(foldedSnapshot(snapshots, options))),
    find: query => guarded(() => findInSnapshot(snapshots, query)),
    resolve: ref => guarded(() => snapshots.resolve(ref)),
    checkRef: (ref, options) => guarded(() => snapshots.checkRef(ref, options)),
    refFor: (element, options) => guarded(() => snapshots.refFor(element, options)),
    coveringElementOf: ref => guarded(() => coveringElementOf(snapshots.resolve(ref))),
    aimAt: (ref, center) => guarded(() => aimAt(snapshots.resolve(ref), center === true)),
    checkedOf: ref => guarded(() => checkedOf(snapshots.resolve(ref))),
    locatorFor: (ref, testIdAttribute) => guarded(() => withPass(() => locatorSteps(snapshots.resolve(ref), testIdAttribute))),
    settle: options => settle(options),
    ...waitApi,
    role: el => guarded(() => withPass(() => getComputedRole(el))),
    name: el => guarded(() => withPass(() => getElementAccessibleName(el))),
    description: el => guarded(() => withPass(() => getElementAccessibleDescription(el))),
  };
  Object.defineProperty(g, '__ariaref', { value: api, writable: false, configurable: false, enumerable: false });
}

install();
