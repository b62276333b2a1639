// runPlaywrightCode's guard: the caller's code is stopped at its deadline wherever it loops (before
// its first await, after one, in a timer, a microtask or its result's toJSON), this process keeps
// running meanwhile, and abandoned code stops for good. A fake page stands in for Playwright's:
// what is tested is the vm guard, not the browser.
import { describe, expect, it } from 'vitest';
import { runPlaywrightCode } from '../../driver/index.js';

function fakePage() {
  const page = { ticks: 0, title: () => new Promise<string>(resolve => setTimeout(() => resolve('Title'), 5)), tick: () => { page.ticks++; } };
  return page;
}

const run = (code: string, timeoutMs = 300, page = fakePage()) => runPlaywrightCode(page as never, code, { timeoutMs });

describe('runPlaywrightCode', () => {
  it('returns what the code returns, through awaits, timers and microtasks', async () => {
    const code = `async (page) => {
      const titles = [];
      for (let i = 0; i < 20; i++) titles.push(await page.title());
      await new Promise(resolve => setTimeout(resolve, 5));
      await new Promise(resolve => setImmediate(resolve));
      await new Promise(resolve => queueMicrotask(resolve));
      return { n: titles.length, first: titles[0] };
    }`;
    await expect(run(code, 5_000)).resolves.toEqual({ json: '{"n":20,"first":"Title"}' });
  });

  it.each([
    ['before the first await', 'async () => { for (;;) {} }'],
    ['after an await', 'async (page) => { await page.title(); for (;;) {} }'],
    ['after several awaits', 'async (page) => { await page.title(); await page.title(); await Promise.resolve(); for (;;) {} }'],
    ['in a timer', 'async () => { await new Promise(() => setTimeout(() => { for (;;) {} }, 1)); }'],
    ['in an interval', 'async () => { setInterval(() => { for (;;) {} }, 1); return new Promise(() => {}); }'],
    ['in a microtask', 'async (page) => { await page.title(); queueMicrotask(() => { for (;;) {} }); return new Promise(() => {}); }'],
    ['in the result\'s toJSON', 'async (page) => ({ toJSON() { for (;;) {} } })'],
  ])('stops an endless loop %s at the deadline, and the next call works', async (_, code) => {
    // Unguarded, the loop would block this process for good and the test would never end.
    await expect(run(code)).rejects.toMatchObject({ kind: 'timeout', message: expect.stringContaining('an endless loop?') });
    // The next call's own deadline is not what is tested: a loaded machine may take 300 ms to compile it.
    await expect(run('async (page) => page.title()', 10_000)).resolves.toEqual({ json: '"Title"' });
  });

  it('abandons a promise that never settles, and the abandoned code stops', async () => {
    const page = fakePage();
    await expect(run('async (page) => { setInterval(() => page.tick(), 1); (async () => { for (;;) { await page.title(); page.tick(); } })().catch(() => {}); return new Promise(() => {}); }', 200, page))
      .rejects.toMatchObject({ kind: 'timeout', message: expect.stringContaining('never settles') });
    const ticksAtAbandon = page.ticks;
    expect(ticksAtAbandon).toBeGreaterThan(0);
    await new Promise(resolve => setTimeout(resolve, 100));
    // The interval was cleared; the loop finished the turn it was in (its await was pending) and
    // stopped at the next: unstopped, it would have ticked about 20 more times.
    expect(page.ticks).toBeLessThanOrEqual(ticksAtAbandon + 1);
  });

  it('a result whose toJSON loops leaves the call abandoned: the timers the code set are cleared', async () => {
    const page = fakePage();
    await expect(run('async (page) => { setInterval(() => page.tick(), 1); await new Promise(r => setTimeout(r, 20)); return { toJSON() { for (;;) {} } }; }', 300, page))
      .rejects.toMatchObject({ kind: 'timeout', message: expect.stringContaining('an endless loop?') });
    const ticksAtAbandon = page.ticks;
    expect(ticksAtAbandon).toBeGreaterThan(0);
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(page.ticks).toBe(ticksAtAbandon);
  });

  it('a timer callback that throws does not stop the code', async () => {
    const code = 'async () => { setTimeout(() => { throw new Error("late") }, 1); await new Promise(r => setTimeout(r, 20)); return "went on"; }';
    await expect(run(code, 5_000)).resolves.toEqual({ json: '"went on"' });
  });

  it('says what the code threw, and what cannot be JSON', async () => {
    await expect(run('async () => { throw new TypeError("boom") }')).rejects.toMatchObject({ kind: 'threw', message: 'The code threw: TypeError: boom' });
    await expect(run('async () => { const a = {}; a.a = a; return a; }')).rejects.toMatchObject({ kind: 'not-serializable' });
  });
});
