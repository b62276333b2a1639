// The tab list, as `browser_tabs` "list" answers it and the `### Tabs` section shows it.
import type { Session } from '../session.js';
import type { Tab } from '../tab.js';
import { clip } from '../../index.js';
import { bullets } from './sections.js';

/** `- 0: (current) [Title](url)` for every open tab of the session; `[crashed]` after a crashed one. */
export async function tabList(session: Session): Promise<string> {
  const current = session.currentTabOrUndefined();
  const open = session.tabs.filter(tab => !tab.isClosed());
  const facts = await Promise.all(open.map(async (tab, index) => ({ index, url: tab.page.url(), title: await tab.title(), current: tab === current, crashed: tab.crashed })));
  // A crashed tab is marked, as Playwright MCP marks it: selecting it resets it to a blank page.
  return bullets(facts.map(t => `${t.index}:${t.current ? ' (current)' : ''} [${t.title}](${t.url})${t.crashed ? ' [crashed]' : ''}`));
}

/** "the alert dialog "again"" for the dialogs open in `tabs` (closing a tab answers them). */
export function openDialogsOf(tabs: Tab[]): string {
  const dialogs = tabs.flatMap(tab => tab.modals.filter(m => m.kind === 'dialog'));
  return dialogs.map(d => d.kind === 'dialog' ? `the ${d.type} dialog "${clip(d.message, 80)}"` : '').join(', ');
}
