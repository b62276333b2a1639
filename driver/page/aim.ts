// Where a click-like action on a ref lands, decided in the page before acting (injected/wait/aim.ts):
// the element itself; the visible part of its label in its place (a native checkbox or radio
// hidden by a design system, or one its own label is drawn over), after which the control's
// checked state is verified; or nowhere, failing at once: an unrelated element that stays on top
// (named), or a hidden control with no visible label. Playwright would wait its whole timeout
// for a hidden input to receive the click, then blame the label for "intercepting" it.
import type { Frame } from 'playwright';
import type { CoveringElement, PointerAim } from '../../injected/types.js';
import { callInFrame } from './cdp-evaluate.js';
import { sleep } from '../deadline.js';

/** What a pointer action wants of a checkbox, radio or switch: checked (true), unchecked (false), the other state ('toggle': a click). */
export type CheckedIntent = boolean | 'toggle';

export interface PointerPlan {
  /** The ref to act on: the target's own, or its label's visible part in its place. */
  ref: string;
  /** `ref` is the label's: click it (check() on a label would ask Playwright for the label's own state). */
  label: boolean;
  /** Already in the wanted state: nothing to click. */
  done: boolean;
  /** The checked state the control must have after the click on its label; undefined: nothing to verify. */
  wanted?: boolean;
  /** What stays on top of the element: the action fails, naming it. */
  cover?: CoveringElement;
  /** Why a hidden control cannot be clicked ('clipped', 'opacity: 0'...): it has no visible label either. */
  hidden?: string;
  /** `ref` is the image of an image map's <area>: act on it at this point (relative to its padding box). */
  position?: { x: number; y: number };
  /**
   * Where a click reaches `ref`'s element now, in the main frame's viewport, with the page's
   * pointer guard armed for it: the click may be dispatched there directly (the action's settle
   * reads whether it landed).
   */
  point?: { x: number; y: number };
}

const CALL_TIMEOUT_MS = 2_000;
const COVER_LOOKS = 3;
const COVER_GAP_MS = 150;
const SELF: PointerAim = { at: 'self' };

/** The runtime's aim for ref's element (null: no runtime, or the ref no longer resolves). Runs in the page. */
function pageAim(arg: { ref: string; center: boolean }): PointerAim | null {
  const api = (globalThis as any).__ariaref;
  if (!api || api.checkRef(arg.ref) || typeof api.aimAt !== 'function') return null;
  return api.aimAt(arg.ref, arg.center);
}

/** The checked state of ref's element; null when it has none or cannot be read. Runs in the page. */
function pageCheckedOf(ref: string): boolean | null {
  const api = (globalThis as any).__ariaref;
  if (!api || api.checkRef(ref) || typeof api.checkedOf !== 'function') return null;
  const checked = api.checkedOf(ref);
  return checked === true || checked === false ? checked : null;
}

/**
 * Where the aim lands, with an unrelated cover confirmed over a few looks (~0.3 s, the element
 * centered first): an overlay that is merely passing (a fading toast) is left to Playwright's
 * own wait. Any doubt (a check failed, the element moved off screen) aims at the element itself.
 */
async function settledAim(frame: Frame, ref: string, firstLook?: PointerAim | null): Promise<PointerAim> {
  const look = (center: boolean) => callInFrame(frame, pageAim, { ref, center }, { timeoutMs: CALL_TIMEOUT_MS, what: `Checking where a click on ${ref} lands` })
    .then(aim => aim ?? SELF, () => SELF);
  let aim = firstLook === undefined ? await look(false) : firstLook ?? SELF;
  if (aim.at !== 'covered') return aim;
  aim = await look(true);
  for (let i = 1; aim.at === 'covered' && i < COVER_LOOKS; i++) {
    await sleep(COVER_GAP_MS);
    aim = await look(false);
  }
  return aim;
}

/**
 * What a click-like action on ref's element should do (see the header); `checks`: what it wants of
 * a checkable control; `firstLook`: the look its ref check already took (null: it could not aim).
 */
export async function aimPointer(frame: Frame, ref: string, checks?: CheckedIntent, firstLook?: PointerAim | null): Promise<PointerPlan> {
  const aim = await settledAim(frame, ref, firstLook);
  if (aim.at === 'covered' && aim.cover) return { ref, label: false, done: false, cover: aim.cover };
  if (aim.at === 'hidden') return { ref, label: false, done: false, hidden: aim.why ?? 'hidden' };
  if (aim.at === 'map' && aim.ref && aim.position) return { ref: aim.ref, label: false, done: false, position: aim.position };
  // check() and uncheck() on something that is not checkable: Playwright's own error says so.
  const point = aim.guarded ? aim.point : undefined;
  if (aim.at !== 'label' || !aim.ref || (typeof checks === 'boolean' && aim.checked === undefined)) return { ref, label: false, done: false, point: aim.at === 'self' ? point : undefined };
  const wanted = checks === undefined || aim.checked === undefined ? undefined
    : checks === 'toggle' ? (aim.radio || !aim.checked) : checks;
  return { ref: aim.ref, label: true, done: typeof checks === 'boolean' && aim.checked === checks, wanted, point };
}

/** `Cannot click e5: it is a control hidden from view (clipped) with no visible label...` */
export function hiddenMessage(action: string, target: string, why: string): string {
  return `Cannot ${action} ${target}: it is hidden from view (${why}) and has no visible label to click in its place. ` +
    'Click the element the page draws for it instead (its box, switch or text): find it in a new snapshot and act on its ref.';
}

/**
 * After a click on the label of `ref` in its place: the message when the control is not in the
 * `wanted` state (the page did not toggle it), else undefined. A state that cannot be read
 * (the element was re-rendered away) says nothing.
 */
export async function uncheckedMessage(frame: Frame, ref: string, target: string, plan: PointerPlan): Promise<string | undefined> {
  if (plan.wanted === undefined) return undefined;
  const now = await callInFrame(frame, pageCheckedOf, ref, { timeoutMs: CALL_TIMEOUT_MS, what: `Reading the state of ${ref}` }).catch(() => null);
  if (now === null || now === plan.wanted) return undefined;
  const state = now ? 'checked' : 'unchecked';
  return `Clicked the label of ${target} (ref ${plan.ref}) in its place, as its own input is hidden or covered by that label, but ${target} is still ${state}: ` +
    `the page did not change it. Take a new snapshot; if it is still ${state}, click the element the page draws for it (its box, switch or text) by that element's ref.`;
}
