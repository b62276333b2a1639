// A click's input events sent over the page's own DevTools session, all at once. Playwright's
// mouse awaits each event (move, press, release), and every one waits for the renderer to handle
// it: on a loaded machine each such turn comes late. The browser keeps the order of the commands
// of one session and queues their events to the renderer in that order, so sending them together
// is the same click, handled in one turn.
import type { Page } from 'playwright';
import { locateFrame } from './cdp-frames.js';

export type MouseButton = 'left' | 'right' | 'middle';

/** The `buttons` bit of each button while it is down (MouseEvent.buttons). */
const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4 };

/**
 * Moves the mouse to `point` (CSS px of the main frame's viewport) and clicks `clickCount` times
 * there with no modifier held; false, sending nothing, where the page has no DevTools session.
 */
export async function clickOverProtocol(page: Page, point: { x: number; y: number }, options: { button?: MouseButton; clickCount?: number } = {}): Promise<boolean> {
  const located = await locateFrame(page.mainFrame());
  if (!located) return false;
  const button = options.button ?? 'left';
  const at = { x: point.x, y: point.y, modifiers: 0 };
  const events: Record<string, unknown>[] = [{ ...at, type: 'mouseMoved', button: 'none', buttons: 0 }];
  // As Playwright's mouse: a double click is two presses and releases, counted 1 then 2.
  for (let count = 1; count <= (options.clickCount ?? 1); count++) {
    // A pressed button has half the full pressure (PointerEvent.pressure), as Playwright sends it.
    events.push({ ...at, type: 'mousePressed', button, buttons: BUTTON_BITS[button], clickCount: count, force: 0.5 });
    events.push({ ...at, type: 'mouseReleased', button, buttons: 0, clickCount: count });
  }
  const sent = events.map(event => located.target.send('Input.dispatchMouseEvent', event));
  // Every one is awaited, so none fails unhandled; the first failure is the click's.
  const settled = await Promise.allSettled(sent);
  const failed = settled.find(result => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return true;
}
