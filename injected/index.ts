// Entry point of the full browser runtime: installs `globalThis.__ariaref` once per document.
// Snapshot/refs come from snapshot/runtime.ts; settle and the wait support from wait/. It runs
// after the early runtime (early.ts), which the document got at its start or, where it predates
// us, just before this (runtime-source.ts joins the two); build.mjs runs this bundle with the
// page's built-ins restored, so its module-level captures are the pristine ones.
import type { RuntimeApi, TextShownRead } from './types';
import { getAriaRole, getComputedRole } from './aria/roles';
import { getElementAccessibleName, getElementAccessibleDescription } from './aria/accname/name';
import { beginAriaCaches, endAriaCaches } from './dom/pass-cache';
import { settle } from './wait/settle';
import { createSnapshotRuntime } from './snapshot/runtime';
import { crossableResult } from './snapshot/json';
import { findInSnapshot, foldedSnapshot } from './fold/snapshot';
import { waitApi } from './wait/api';
import { withPristineBuiltins as guarded } from './pristine';
import { setBusyDescriber } from './wait/activity';
import { coveringElementOf } from './wait/hit-target';
import { aimAt, checkedOf } from './wait/aim';
import { readPointerGuard } from './wait/pointer-guard';
import { readyToFill } from './wait/fill';
import { locatorSteps } from './snapshot/locator';
import { firstTextShown } from './wait/text-shown';
import { createSnapshotTransfer } from './snapshot/transfer';

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

/** A busy element in a settle report: its role and name. */
function describeBusy(element: Element): string {
  return withPass(() => {
    const role = getAriaRole(element) ?? element.localName;
    const name = getElementAccessibleName(element);
    return name ? `${role} "${name.slice(0, 60)}"` : role;
  });
}

function install(): void {
  const g = globalThis as any;
  if (g.__ariaref) return; // idempotent: a second injection changes nothing
  setBusyDescriber(describeBusy);
  const docId = randomId();
  const snapshots = createSnapshotRuntime(document, docId);
  const transfer = createSnapshotTransfer(docId);
  const api: RuntimeApi = {
    version: '0.1.0',
    docId,
    // Budget/paging (fold/) and find wrap the snapshot runtime; plain snapshots pass straight through.
    // A tree too deep for page.evaluate's serializer comes back as JSON text (`json`) instead.
    snapshot: options => guarded(() => {
      const result = crossableResult(foldedSnapshot(snapshots, options));
      result.title = `${document.title}`;
      return transfer.send(result, options?.since);
    }),
    find: query => guarded(() => findInSnapshot(snapshots, query)),
    resolve: ref => guarded(() => snapshots.resolve(ref)),
    checkRef: (ref, options) => guarded(() => snapshots.checkRef(ref, options)),
    refFor: (element, options) => guarded(() => snapshots.refFor(element, options)),
    coveringElementOf: ref => guarded(() => coveringElementOf(snapshots.resolve(ref))),
    aimAt: (ref, center, guard) => guarded(() => aimAt(snapshots.resolve(ref), center === true, guard === true)),
    readPointerGuard: () => guarded(() => readPointerGuard()),
    readyToFill: (ref, numeric) => guarded(() => readyToFill(snapshots.resolve(ref), numeric === true)),
    checkedOf: ref => guarded(() => checkedOf(snapshots.resolve(ref))),
    locatorFor: (ref, testIdAttribute) => guarded(() => withPass(() => locatorSteps(snapshots.resolve(ref), testIdAttribute))),
    // Not `.then` on the result: a page may have replaced Promise.prototype.then.
    settle: options => guarded(() => {
      // A click dispatched at a point: what the guard saw of it, all its events handled by now.
      const guard = options?.pointerGuard ? readPointerGuard() : undefined;
      return settle(options, docId, report => {
        if (guard !== undefined) report.pointerGuard = guard;
        // A document on its way out: its snapshot would show a page the agent never gets. A click
        // the guard stopped is made again, and that action's settle reads the snapshot.
        if (!options?.snapshot || report.reason === 'navigation' || guard?.blocked) return;
        try { report.snapshot = api.snapshot(options.snapshot); } catch { /* the driver asks for it again */ }
      });
    }),
    title: () => guarded(() => `${document.title}`),
    firstTextShown: (texts, snapshot) => guarded(() => {
      const index = firstTextShown(document, texts);
      if (!snapshot) return index;
      const read: TextShownRead = { index };
      if (index >= 0) try { read.snapshot = api.snapshot(snapshot); } catch { /* the driver asks for it again */ }
      return read;
    }),
    ...waitApi,
    role: el => guarded(() => withPass(() => getComputedRole(el))),
    name: el => guarded(() => withPass(() => getElementAccessibleName(el))),
    description: el => guarded(() => withPass(() => getElementAccessibleDescription(el))),
  };
  Object.defineProperty(g, '__ariaref', { value: api, writable: false, configurable: false, enumerable: false });
}

install();
