// The actions engine (driver/actions) aimed at a tab: refs and selectors resolve through the
// tab's PageDriver, timeouts come from the server options.
import type { Tab } from '../tab.js';
import type { ServerConfig } from '../config.js';
import type { ActionOptions, ActionTarget } from '../../actions/index.js';

export function actionTarget(tab: Tab): ActionTarget {
  return { page: tab.page, locator: refOrSelector => tab.driver.locator(refOrSelector) };
}

export function actionOptions(config: ServerConfig): ActionOptions {
  return { timeoutMs: config.actionTimeoutMs, wait: { dialogs: 'leave', navigationTimeoutMs: Math.min(config.navigationTimeoutMs, 30_000) } };
}
