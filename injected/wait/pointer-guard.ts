// A click the driver dispatches itself at the point the aim chose (driver/actions/run.ts) must
// reach the element it aimed at, or not happen at all: between the aim and the input events the
// page may move the element, or draw an overlay there on hover. Like Playwright's hit-target
// interceptor, the guard judges the click's first trusted pointer event: when the topmost element
// at its point is not the target or inside it, that event and the rest of the click are stopped
// before the page sees them, and the driver, told so, acts through Playwright's own click, which
// waits for the element and names what covers it. Only the first: what the page draws in answer
// to it (a menu opened on pointerdown, with a backdrop over the trigger) is not a cover.
import type { CoveringElement, PointerGuardReport } from '../types';
import { deepElementFromPoint, describeHit } from './hit-target';
import { parentElementOrShadowHost } from '../dom/composed-tree';
import { withPristineBuiltins } from '../pristine';

// Captured at load, with the page's built-ins restored (build.mjs): the guard's listener runs
// from the page's event dispatch, on pages that may have replaced them since.
const apply = Reflect.apply;
const addListener = EventTarget.prototype.addEventListener;
const removeListener = EventTarget.prototype.removeEventListener;
const startTimer = setTimeout;
const stopTimer = clearTimeout;

/** The events of a click, double click, middle or right click. */
const EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'];

/** A guard the driver never read (it died, or a dialog held the click) stops judging after this. */
const LIFETIME_MS = 10_000;

interface Guard {
  target: Element;
  judged: boolean;
  blocked?: CoveringElement;
  listener: (event: Event) => void;
  timer: ReturnType<typeof setTimeout>;
}

let armed: Guard | undefined;

/** What is on top at the event's point when it is not `target` or inside it; null when the event reaches it. */
function wrongTarget(target: Element, event: MouseEvent): CoveringElement | null {
  const hit = deepElementFromPoint(event.clientX, event.clientY);
  if (!hit) return null;
  for (let node: Element | null = hit; node; node = parentElementOrShadowHost(node)) if (node === target) return null;
  return describeHit(hit);
}

function disarm(): void {
  const guard = armed;
  if (!guard) return;
  armed = undefined;
  apply(stopTimer, globalThis, [guard.timer]);
  for (let i = 0; i < EVENTS.length; i++) apply(removeListener, window, [EVENTS[i], guard.listener, true]);
}

/** Judges the pointer events of the next click against `target` (see the header); replaces a guard still armed. */
export function armPointerGuard(target: Element): void {
  disarm();
  const guard = { target, judged: false } as Guard;
  guard.listener = (event: Event) => {
    if (!event.isTrusted || armed !== guard) return;
    if (!guard.judged) {
      guard.judged = true;
      // A guard that cannot judge lets the click through: the aim already saw the target there.
      try {
        guard.blocked = withPristineBuiltins(() => wrongTarget(target, event as MouseEvent)) ?? undefined;
      } catch { /* judged as reaching it */ }
    }
    if (!guard.blocked) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  for (let i = 0; i < EVENTS.length; i++) apply(addListener, window, [EVENTS[i], guard.listener, true]);
  guard.timer = apply(startTimer, globalThis, [disarm, LIFETIME_MS]);
  armed = guard;
}

/** What the armed guard saw, then disarms it; null when none was armed (or it expired). */
export function readPointerGuard(): PointerGuardReport | null {
  const guard = armed;
  disarm();
  if (!guard) return null;
  return guard.blocked ? { blocked: guard.blocked } : {};
}
