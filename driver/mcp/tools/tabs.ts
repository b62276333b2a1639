// Tabs and the browser window: list/open/select/close tabs, resize the viewport, close the browser.
import { z } from 'zod';
import { defineTool } from '../tool.js';
import { normalizeUrl } from './navigation.js';
import { originVerdict } from '../safety/origins.js';
import { formatTabs } from '../format/sections.js';
import type { McpContext } from '../context.js';
import type { Tab } from '../tab.js';
import { clip } from '../../collectors/modal-state.js';

/** "the alert dialog "again"" for the dialogs open in `tabs` (closing a tab answers them). */
function openDialogsOf(tabs: Tab[]): string {
  const dialogs = tabs.flatMap(tab => tab.modals.filter(m => m.kind === 'dialog'));
  return dialogs.map(d => d.kind === 'dialog' ? `the ${d.type} dialog "${clip(d.message, 80)}"` : '').join(', ');
}

async function tabList(context: McpContext): Promise<string> {
  const current = context.currentTabOrUndefined();
  const facts = await Promise.all(context.tabs.map(async (tab, index) => ({ index, url: tab.page.url(), title: await tab.title(), current: tab === current })));
  return formatTabs(facts);
}

export const tabTools = [
  defineTool({
    name: 'browser_tabs',
    group: 'core',
    title: 'Manage tabs',
    description: 'List, create, close, or select a browser tab',
    params: {
      action: z.enum(['list', 'new', 'close', 'select']).describe('Operation to perform'),
      index: z.number().int().min(0).optional().describe('Tab index (0-based), used for close/select. If omitted for close, the current tab is closed.'),
      url: z.string().optional().describe('For "new": a URL to open in the new tab'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    ignoresModal: true,
    async handle(context, params, response) {
      switch (params.action) {
        case 'list':
          await context.ensureTab();
          response.addResult(await tabList(context));
          response.skipTabs = true;
          return;
        case 'new': {
          const tab = await context.newTab();
          if (params.url) {
            const url = normalizeUrl(params.url);
            const refusal = originVerdict({ allowed: context.config.allowedOrigins, blocked: context.config.blockedOrigins }, url);
            if (refusal) throw new Error(`Opened a blank tab but did not load ${url}: ${refusal}.`);
            await tab.page.goto(url, { waitUntil: 'domcontentloaded' });
          }
          response.addResult(`Opened tab ${context.tabs.indexOf(tab)}${params.url ? ` at ${tab.page.url()}` : ''}.`);
          response.setIncludeSnapshot();
          return;
        }
        case 'select': {
          if (params.index === undefined) throw new Error('browser_tabs "select" needs "index" (0-based). List the tabs with action "list".');
          await context.ensureTab();
          const tab = context.selectTab(params.index);
          await tab.page.bringToFront().catch(() => {});
          response.addResult(`Selected tab ${params.index}.`);
          response.setIncludeSnapshot();
          return;
        }
        case 'close': {
          await context.ensureTab();
          const closing = params.index === undefined ? context.currentTabOrUndefined() : context.tabs[params.index];
          const dialogs = closing ? openDialogsOf([closing]) : '';
          await context.closeTab(params.index);
          response.addResult(`Closed tab ${params.index ?? '(the current one)'}${dialogs ? `, dismissing ${dialogs} with it` : ''}.${context.tabs.length ? '' : ' No tab is open: the next tool opens a blank one.'}`);
          if (context.tabs.length) response.setIncludeSnapshot();
          else response.skipPage = true;
          return;
        }
      }
    },
  }),
  defineTool({
    name: 'browser_resize',
    group: 'core',
    title: 'Resize the viewport',
    description: 'Resize the page viewport (CSS pixels)',
    params: {
      width: z.number().int().min(1).max(10_000).describe('Width of the viewport'),
      height: z.number().int().min(1).max(10_000).describe('Height of the viewport'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    async handle(context, params, response) {
      const tab = await context.ensureTab();
      await tab.page.setViewportSize({ width: params.width, height: params.height });
      response.addResult(`Resized the viewport to ${params.width}x${params.height}.`);
      response.setIncludeSnapshot();
    },
  }),
  defineTool({
    name: 'browser_close',
    group: 'core',
    title: 'Close the browser',
    description: 'Close the browser (all tabs of this session). The next tool that needs a page starts a new one.',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    ignoresModal: true,
    async handle(context, _params, response) {
      const dialogs = openDialogsOf(context.tabs);
      const closed = await context.closeBrowser();
      response.skipPage = true;
      response.addResult(closed ? 'Closed the browser.' : 'Let go of the browser; it keeps running because its profile or connection is shared. The next tool picks it up again.');
      if (dialogs) response.addResult(`Open dialogs went with it: ${dialogs}.`);
    },
  }),
];
