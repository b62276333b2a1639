// @vitest-environment jsdom
// A form submission plans its navigation for a later task: until the navigate event comes, the
// settle must not call the page quiet (leaving.ts). jsdom has no Navigation API, so the test plays
// it: a `navigation` event target on which the test fires `navigate` when it chooses, here well
// after the settle's tail, the gap a loaded machine can open between the submit and the navigation.
import { beforeAll, describe, expect, test } from 'vitest';
import { installActivityTracking, markActivity } from '../../injected/wait/activity.js';
import { settle } from '../../injected/wait/settle.js';
import { installClosedShadowTracking } from '../../injected/dom/closed-shadow.js';
import { nativeSetTimeout, now } from '../../injected/wait/timing.js';
import { leftSince, navigationPlannedSince } from '../../injected/wait/leaving.js';

const navigation = new EventTarget();

beforeAll(() => {
  (globalThis as any).navigation = navigation;
  installActivityTracking();
  installClosedShadowTracking(); // as the early runtime does, before any root is attached
  markActivity(); // the first mark puts in the traversal wrappers
});

/** Fires the navigate event a navigation to `url` would fire (cross-document unless `sameDocument`). */
function navigate(url = location.href, sameDocument = false): void {
  navigation.dispatchEvent(Object.assign(new Event('navigate', { cancelable: true }), {
    destination: { url, sameDocument }, hashChange: false, downloadRequest: null,
  }));
}

/**
 * Settles with a 30 ms tail around `act` on a body of `html` (null: the body as it is); the navigate
 * event (if any) fires `navigateAfterMs` after the act.
 */
async function settleAround(html: string | null, act: () => void, navigateAfterMs?: number) {
  if (html !== null) document.body.innerHTML = html;
  await new Promise(resolve => setTimeout(resolve, 0)); // its mutation records delivered before the settle
  // The earlier tests' DOM changes would make the page count as churning (settle.ts), and a churning
  // page waits a whole quiet window, long enough for the navigate event to end the settle whether
  // the submit was seen or not: when the test fires one, the page is quiet for longer than that first.
  if (navigateAfterMs !== undefined) await new Promise(resolve => nativeSetTimeout(() => resolve(undefined), 450));
  const settling = settle({ quietMs: 300, tailMs: 30, timeoutMs: 3000 });
  act();
  // A timer of the page's would be activity the settle waits for: the browser's own task is not.
  if (navigateAfterMs !== undefined) nativeSetTimeout(() => navigate(), navigateAfterMs);
  return settling;
}

const form = () => document.querySelector('form')!;

describe('a form submission is a navigation on its way', () => {
  test('requestSubmit: the settle waits for the navigate event that comes after its tail', async () => {
    const report = await settleAround('<form method=post><button>Send</button></form>', () => form().requestSubmit(), 200);
    expect(report).toMatchObject({ reason: 'navigation', navigating: location.href, watchedNavigation: true });
  });

  test('form.submit(), which fires no submit event', async () => {
    const report = await settleAround('<form></form>', () => form().submit(), 200);
    expect(report.reason).toBe('navigation');
  });

  test('not a submit the page cancelled (an SPA form), nor method=dialog, nor one aimed at another window', async () => {
    const cancelled = await settleAround('<form><button>Send</button></form>', () => {
      form().addEventListener('submit', event => event.preventDefault());
      form().requestSubmit();
    });
    expect(cancelled.reason).toBe('quiet');
    expect(cancelled.elapsedMs).toBeLessThan(1000);
    for (const html of ['<form method=dialog><button>Close</button></form>', '<form target=_blank><button>Open</button></form>',
      '<form><button formtarget=other>Open</button></form>', '<form action="javascript:void 0"><button>Go</button></form>']) {
      const report = await settleAround(html, () => form().querySelector('button')!.click());
      expect(report.reason, html).toBe('quiet');
      expect(report.elapsedMs, html).toBeLessThan(1000);
    }
  });

  test('a form inside a shadow root, open or closed, whose submit event never leaves the root', async () => {
    for (const mode of ['open', 'closed'] as const) {
      document.body.innerHTML = '<div id=host></div>';
      const root = document.getElementById('host')!.attachShadow({ mode });
      root.innerHTML = '<form method=post><button>Send</button></form>';
      const report = await settleAround(null, () => root.querySelector('button')!.click(), 200);
      expect(report.reason, mode).toBe('navigation');
    }
  });

  test('between its navigate event and the verdict one task later, a submission still counts as on its way', async () => {
    // A settle whose timer is due in the same turn as the navigate event's (a loaded machine runs
    // both together) looks in that gap: it must find the plan, or else the leaving document.
    document.body.innerHTML = '<form method=post><button>Send</button></form>';
    const since = now();
    form().requestSubmit();
    navigate();
    expect(navigationPlannedSince(since)).toBe(true);
    await new Promise(resolve => setTimeout(resolve, 0));
    await new Promise(resolve => setTimeout(resolve, 0));
    expect(leftSince(since)).toBe(location.href);
    expect(navigationPlannedSince(since)).toBe(false);
  });

  test('a navigation the action started before its settle was called', async () => {
    document.body.innerHTML = '<form><button>Send</button></form>';
    const { mark } = markActivity();
    form().requestSubmit();
    navigate();
    await new Promise(resolve => setTimeout(resolve, 0)); // the watch's own check, one task after the event
    await new Promise(resolve => setTimeout(resolve, 0));
    const report = await settle({ mark, quietMs: 300, tailMs: 30 });
    expect(report).toMatchObject({ reason: 'navigation', navigating: location.href });
    expect(report.elapsedMs).toBeLessThan(30);
  });
});

describe('a history traversal is a navigation on its way', () => {
  /** The Navigation API's view of the session history: `count` entries, the current one at `index`. */
  function entries(index: number, count: number): void {
    Object.assign(navigation, { currentEntry: { index }, entries: () => Array.from({ length: count }, () => ({})) });
  }

  test('an SPA "Back" button: the settle waits for the traversal and sees the page change after it', async () => {
    entries(1, 2);
    document.body.innerHTML = '<button>Back</button><div id=out>detail</div>';
    await new Promise(resolve => setTimeout(resolve, 0)); // its mutation records delivered before the settle
    const settling = settle({ quietMs: 100, tailMs: 30, timeoutMs: 3000 });
    history.back();
    setTimeout(() => { navigate(location.href, true); document.getElementById('out')!.textContent = 'list'; }, 200);
    const report = await settling;
    expect(report.reason).toBe('quiet');
    expect(report.mutations).toBeGreaterThan(0);
  });

  test('history.go() to a page that left: followed as a navigation', async () => {
    entries(2, 3);
    expect(await settleAround('<p>page</p>', () => history.go(-2), 200)).toMatchObject({ reason: 'navigation' });
  });

  test('back or forward with no entry there is not waited for', async () => {
    for (const [index, count, step] of [[0, 1, () => history.back()], [0, 2, () => history.go(-1)], [1, 2, () => history.forward()]] as const) {
      entries(index, count);
      const report = await settleAround('<p>page</p>', step);
      expect(report.reason).toBe('quiet');
      expect(report.elapsedMs).toBeLessThan(1000);
    }
  });
});
