// The early runtime: the part of the runtime that must run before any page script, and nothing
// else, so that a document pays almost nothing for it at load (issue 25: at most 0.5 ms). It
// starts what only the start of a document can see (mutation history, timers and requests for the
// settle, closed shadow roots as they are attached) and keeps the built-ins as they were before the
// page could replace them. The full runtime (index.ts) is injected on a document's first call; its
// bundle does not carry copies of these modules but uses the ones installed here, through the
// frozen `__ariarefEarly` object (build.mjs maps their imports to it), so there is one mutation
// history and one set of timers per document, whichever part was loaded when.
import * as activity from './wait/activity';
import * as mutations from './wait/mutations';
import * as timing from './wait/timing';
import * as closedShadow from './dom/closed-shadow';
import * as pristine from './pristine';
import { installWaitSupport } from './wait/api';

/** The global the full runtime reads the early modules from (build.mjs and driver/page/runtime.ts use the same name). */
const EARLY_GLOBAL = '__ariarefEarly';

/**
 * The rest of the runtime as a function, where the init script carries it (build.mjs): the
 * driver's first call in a document runs `loadRest()` instead of sending the whole runtime.
 */
declare const __ariarefLoadRest: (() => void) | undefined;

/** The modules the full runtime shares with the early one, by the names build.mjs maps. */
const earlyModules = { activity, mutations, timing, closedShadow, pristine };

/** Installs the early runtime once per document; a second injection changes nothing. */
export function installEarlyRuntime(): void {
  const g = globalThis as Record<string, unknown>;
  if (g[EARLY_GLOBAL]) return;
  installWaitSupport(); // before any page script grabs setTimeout/fetch
  closedShadow.installClosedShadowTracking(); // before any page script attaches a shadow root
  pristine.capturePristineBuiltins(); // after our own wrappers, so they count as the originals
  const loadRest = typeof __ariarefLoadRest === 'function' ? __ariarefLoadRest : undefined;
  Object.defineProperty(g, EARLY_GLOBAL, { value: Object.freeze({ ...earlyModules, loadRest }), writable: false, configurable: false, enumerable: false });
}
