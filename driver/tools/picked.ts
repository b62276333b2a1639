// The element a person picked (browser_pick) stays marked `[picked]` in the snapshots of its page,
// as DevTools keeps its selected element, until another pick or until it leaves the page.
import type { Page } from 'playwright';

const picked = new WeakMap<Page, string>();

export function setPicked(page: Page, ref: string): void {
  picked.set(page, ref);
}

/** The snapshot with ` [picked]` before the picked element's ref. */
export function markPicked(page: Page, yaml: string): string {
  const ref = picked.get(page);
  if (!ref) return yaml;
  const marker = `[ref=${ref}]`;
  const at = yaml.indexOf(marker);
  if (at < 0) return yaml;
  return `${yaml.slice(0, at)}[picked] ${yaml.slice(at)}`;
}
