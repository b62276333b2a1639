// The runtime API members behind the driver's waits and actions, in one place so the entry point
// wires them with two lines: `installWaitSupport()` at install and `...waitApi` in the API object.
import type { RuntimeApi } from '../types';
import { installMutationTracking } from './mutations';
import { installActivityTracking, markActivity, pendingActivity } from './activity';

/** Start mutation history and activity tracking. Must run at install, before page scripts. */
export function installWaitSupport(): void {
  installMutationTracking();
  installActivityTracking();
}

export const waitApi: Pick<RuntimeApi, 'markActivity' | 'pendingActivity'> = {
  markActivity: () => markActivity(),
  pendingActivity: mark => pendingActivity(mark),
};
