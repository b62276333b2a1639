// The locator an action's code shows is read by the action's own ref check, in the same call into
// the page and before acting (AriaPage.expectLocatorPath): the code costs no call of its own. A
// want no check took is asked on its own once released; a failed check leaves no code.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { refOfRole as refOf, startHarness, type Harness } from './wait-harness.js';
import { click, type } from '../../driver/actions/index.js';
import { AriaPage } from '../../driver/aria-page.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

/** Records each call of the runtime's locatorFor(): inside a ref check's call, or a call of its own. */
function spyLocators(): void {
  const w = window as any;
  const api = w.__ariaref;
  if (!api || w.__locatorCalls) return;
  w.__locatorCalls = [];
  const locatorFor = api.locatorFor;
  api.locatorFor = (ref: string, testId: string) => {
    const stack = String(new Error().stack);
    w.__locatorCalls.push(/pageCheckRef/.test(stack) ? 'in check' : /pageLocatorFor/.test(stack) ? 'own call' : 'other');
    return locatorFor(ref, testId);
  };
}

const locatorCalls = (page: Page) => page.evaluate(() => (window as any).__locatorCalls as string[]);

const FORM = `<!doctype html><title>Form</title><button id=b>Rename</button><label>Name <input id=name></label><script>
  b.onclick = () => { b.textContent = 'Renamed'; };
</script>`;

describe('the locator of an action\'s code', () => {
  test('is read by the action\'s ref check, before the action changed the element', async () => {
    const page = await h.open('/locator-wants', FORM);
    const aria = await AriaPage.attach(page);
    const ref = refOf(await aria.snapshot(), 'button', 'Rename');
    await page.evaluate(spyLocators);
    const want = aria.expectLocatorPath(ref);
    await click(aria, ref);
    want.release();
    // The button is named "Renamed" now; the code names it as it was clicked.
    expect(await want.path).toEqual({ frames: [], element: [{ kind: 'role', role: 'button', name: 'Rename' }] });
    expect(await locatorCalls(page)).toEqual(['in check']);

    const field = refOf(await aria.snapshot(), 'textbox', 'Name');
    const typed = aria.expectLocatorPath(field, { testIdAttribute: 'data-test' });
    await type(aria, field, 'Ada');
    typed.release();
    expect((await typed.path).element).toEqual([{ kind: 'role', role: 'textbox', name: 'Name' }]);
    expect(await locatorCalls(page)).toEqual(['in check', 'in check']);
    await page.close();
  });

  test('is asked on its own when no check took it, and not at all when the check failed', async () => {
    const page = await h.open('/locator-wants-alone', FORM);
    const aria = await AriaPage.attach(page);
    const ref = refOf(await aria.snapshot(), 'button', 'Rename');
    await page.evaluate(spyLocators);
    const alone = aria.expectLocatorPath(ref);
    alone.release();
    expect((await alone.path).element).toEqual([{ kind: 'role', role: 'button', name: 'Rename' }]);
    expect(await locatorCalls(page)).toEqual(['own call']);

    // A ref the page no longer has: the action fails with the check's reason, the code with it.
    await page.evaluate(() => document.getElementById('b')!.remove());
    const gone = aria.expectLocatorPath(ref);
    const failed = await click(aria, ref).then(() => undefined, error => error as Error);
    gone.release();
    expect(failed?.message).toMatch(new RegExp(`${ref}`));
    await expect(gone.path).rejects.toThrow(failed!.message);
    expect(await locatorCalls(page)).toEqual(['own call']);
    await page.close();
  });
});
