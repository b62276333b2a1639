// Playwright builds its injected script in a document on the first locator call there, once per
// world: an action on a ref needs both (the `ariaref=act:` engine runs in the main world, the
// actionability checks in the utility one). That costs 100-200 ms unloaded and seconds on a
// saturated machine, and inside the action it was charged to the action's actionability timeout:
// on a busy server, a document's first click could fail at 5 s. Our snapshots never use
// Playwright's script, so the first action is where it is built; this builds it beside the
// action's own checks, once per document, and the action then starts with it in place.
import type { Frame, Page } from 'playwright';
import { refSelector } from './selector-engine.js';
import { delay } from '../deadline.js';
import { pageNavigation } from '../navigation/page-navigation.js';

/** How long an action waits for the warm-up: past it, the action goes on and Playwright finishes the build inside it. */
const WARM_WAIT_MS = 2_000;

const navigations = new WeakMap<Frame, number>();
const warmedAt = new WeakMap<Frame, number>();
const watched = new WeakSet<Page>();

/**
 * Counts each frame's commits (the page's one navigation tracker reports them): a new document
 * needs Playwright's script again; a same-document one only costs a warm-up that finds it built.
 */
function watchNavigations(page: Page): void {
  if (watched.has(page)) return;
  watched.add(page);
  pageNavigation(page).onFrameCommit(frame => navigations.set(frame, (navigations.get(frame) ?? 0) + 1));
}

/**
 * Starts building Playwright's injected script in both worlds of `frame`'s document (a no-op when
 * this document already has it); resolves when built, failed (the action reports its own error),
 * or after WARM_WAIT_MS, whichever comes first.
 */
export async function warmLocators(frame: Frame, ref: string): Promise<void> {
  watchNavigations(frame.page());
  const navigation = navigations.get(frame) ?? 0;
  if (warmedAt.get(frame) === navigation) return;
  warmedAt.set(frame, navigation);
  const built = Promise.all([frame.locator(':root').count(), frame.locator(refSelector(ref, true)).count()]).then(() => {}, () => {});
  const cap = delay(WARM_WAIT_MS);
  await Promise.race([built, cap.promise]);
  cap.cancel();
}
