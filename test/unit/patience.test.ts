// A bound meant to tell a stuck page from a slow one is stretched on a machine with more runnable
// work than CPUs, where a live renderer waits its turn for seconds.
import { afterEach, describe, expect, test, vi } from 'vitest';

const os = vi.hoisted(() => ({ load: 0, cpus: 2 }));
vi.mock('node:os', async original => ({
  ...(await original<typeof import('node:os')>()),
  loadavg: () => [os.load, os.load, os.load],
  availableParallelism: () => os.cpus,
}));

const { patienceUnderLoad } = await import('../../driver/deadline.js');

afterEach(() => { os.load = 0; os.cpus = 2; });

describe('patienceUnderLoad', () => {
  test('keeps the bound while the CPUs keep up, and where the OS reports no load', () => {
    os.load = 0;
    expect(patienceUnderLoad(1500)).toBe(1500);
    os.load = 2;
    expect(patienceUnderLoad(1500)).toBe(1500);
  });

  test('stretches it by the load per CPU, at most six times', () => {
    os.load = 6;
    expect(patienceUnderLoad(1500)).toBe(4500);
    os.cpus = 4;
    expect(patienceUnderLoad(1500)).toBe(2250);
    os.load = 100;
    expect(patienceUnderLoad(1500)).toBe(9000);
  });
});
