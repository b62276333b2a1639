// The runtime API members behind the driver's waits and actions, in one place so the entry point
// wires them with two lines: `installWaitSupport()` at install and `...waitApi` in the API object.
import type { RuntimeApi } from '../types';
import { installMutationTracking } from './mutations';
import { installActivityTracking, markActivity, pendingActivity } from './activity';
import { withPristineBuiltins } from '../pristine';

/** Start mutation history and activity tracking. Must run at install, before page scripts. */
export function installWaitSupport(): void {
  installMutationTracking();
  installActivityTracking();
}

// Run with the browser's own built-ins in place, like every synchronous runtime call (pristine.ts):
// the mark builds a WeakSet from an array, which a page's replaced array iterator would break.
export const waitApi: Pick<RuntimeApi, 'markActivity' | 'pendingActivity'> = {
  markActivity: () => withPristineBuiltins(() => markActivity()),
  pendingActivity: mark => withPristineBuiltins(() => pendingActivity(mark)),
};
