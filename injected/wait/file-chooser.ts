// A click on a file input opens the browser's file chooser, which the page never shows in the DOM:
// the driver learns of it from Playwright's event, after Playwright's own calls into the page,
// which can come after an action's settle and answer. The click itself is seen here (trusted, from
// a label, or the input's click() called by a button's handler), so the settle can say a chooser
// is on its way and the driver waits for it.
import { listen, now } from './timing';

let watching = false;
let lastClickAt = -Infinity;

function isFileInput(node: unknown): boolean {
  const input = node as HTMLInputElement | null;
  return !!input && input.localName === 'input' && `${input.type}`.toLowerCase() === 'file';
}

/** Starts watching for clicks on file inputs (once per document; an action's mark starts it). */
export function watchFileInputClicks(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  // Capturing at the window: the page cannot hide the click by stopping it on the way down.
  listen(window, 'click', (event: Event) => {
    try {
      const path = event.composedPath();
      if (isFileInput(path[0] ?? event.target)) lastClickAt = now();
    } catch { /* an event the page broke: no chooser to report */ }
  }, true);
}

/** A file input was clicked at or after `since` (performance.now() time). */
export function fileInputClickedSince(since: number): boolean {
  return lastClickAt >= since;
}
