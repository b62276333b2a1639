// STUB: owned by the driver/wait engineer. MutationObserver settle.
import type { SettleOptions, SettleReport } from './types';

export function settle(options: SettleOptions = {}): Promise<SettleReport> {
  const quietMs = options.quietMs ?? 100;
  return new Promise(resolve => setTimeout(() => resolve({ settled: true, elapsedMs: quietMs, mutations: 0 }), quietMs));
}
