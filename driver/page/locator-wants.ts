// The locator an action's code shows (`### Ran Playwright code`), read by the action's own ref check
// (PrepareOptions.locator) rather than by a call of its own beside the action. Both calls went to
// the same renderer at the same moment, and the check, which the action waits for, ran second; on
// a loaded machine each call into a renderer waits its turn.
import type { Frame } from 'playwright';
import type { LocatorStep } from '../../injected/types.js';

/** Where a locator points: iframes to enter from the top (outermost first), then the element. */
export interface LocatorPath {
  frames: LocatorStep[][];
  element: LocatorStep[];
}

/** A locator path asked for the next action on a ref (AriaPage.expectLocatorPath). */
export interface LocatorWant {
  /** From the action's ref check when one took the want; else asked on its own once released. */
  readonly path: Promise<LocatorPath>;
  /** The action is over: a want no check took is asked on its own now (a no-op otherwise). */
  release(): void;
}

/** What a ref check that took a want asks the page for, and where the answer goes. */
export interface TakenWant {
  testIdAttribute: string;
  /** The check passed: the element's steps (null: the runtime could not make them) in `frame`. */
  answer(frame: Frame, steps: LocatorStep[] | null | undefined): void;
  /** The check failed: the action fails with it, and shows no code. */
  fail(error: unknown): void;
}

interface Pending {
  testIdAttribute: string;
  /** The first answer wins; later ones are never made (each may be a call into the page). */
  settle(path: () => Promise<LocatorPath>): void;
}

/** One page's open wants, by ref: taken by the first ref check of that ref with an action's preparation. */
export class LocatorWants {
  private readonly open = new Map<string, Pending>();

  constructor(
    /** The locator path asked on its own (AriaPage.locatorPath). */
    private readonly ask: (ref: string, testIdAttribute: string) => Promise<LocatorPath>,
    /** The steps of the iframes that lead from the top to `frame`. */
    private readonly framesTo: (frame: Frame, ref: string, testIdAttribute: string) => Promise<LocatorStep[][]>,
  ) {}

  expect(ref: string, testIdAttribute: string): LocatorWant {
    const key = ref.trim();
    // One want per ref at a time: a second one is asked on its own, as before.
    if (this.open.has(key)) return { path: this.ask(key, testIdAttribute), release: () => {} };
    let resolvePath!: (path: Promise<LocatorPath>) => void;
    const path = new Promise<LocatorPath>(resolve => { resolvePath = resolve; });
    path.catch(() => {});
    let settled = false;
    const pending: Pending = {
      testIdAttribute,
      settle: answer => {
        if (settled) return;
        settled = true;
        if (this.open.get(key) === pending) this.open.delete(key);
        resolvePath(answer());
      },
    };
    this.open.set(key, pending);
    return { path, release: () => pending.settle(() => this.ask(key, testIdAttribute)) };
  }

  /** For a ref check with an action's preparation: the want open on `ref`, now taken. */
  take(ref: string): TakenWant | undefined {
    const key = ref.trim();
    const pending = this.open.get(key);
    if (!pending) return undefined;
    this.open.delete(key);
    const { testIdAttribute } = pending;
    return {
      testIdAttribute,
      answer: (frame, steps) => pending.settle(() => steps
        ? this.framesTo(frame, key, testIdAttribute).then(frames => ({ frames, element: steps }))
        : this.ask(key, testIdAttribute)),
      fail: error => pending.settle(() => Promise.reject(error)),
    };
  }
}
