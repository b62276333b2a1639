// Tabs and the browser window: list/open/select/close tabs, resize the viewport, close the browser.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { ArgumentError } from '../../index.js';
import { allowedUrl, gotoPrepared } from './navigation.js';
import { openDialogsOf, tabList } from '../format/tabs.js';
import { recordPageCall } from '../codegen/record.js';
import { wholeNumber } from '../input-policy.js';

export const tabTools = [
  defineTool({
    name: 'browser_tabs',
    group: 'core-tabs',
    title: 'Manage tabs',
    description: 'List, create, close, or select a browser tab',
    params: {
      action: z.enum(['list', 'new', 'close', 'select']).describe('Operation to perform'),
      index: wholeNumber('index', 0, 999).optional().describe('Tab index (0-based), used for close/select. If omitted for close, the current tab is closed.'),
      url: z.string().optional().describe('For "new": a URL to open in the new tab'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    ignoresModal: true,
    async handle(session, params, response) {
      // A parameter the action does not read would be ignored without a word: refused instead.
      if (params.url !== undefined && params.action !== 'new')
        throw new ArgumentError(`"url" is only read by action "new" (a new tab at that URL); to go there in this tab, use browser_navigate.`, 'url');
      if (params.index !== undefined && (params.action === 'list' || params.action === 'new'))
        throw new ArgumentError(`"index" is only read by actions "select" and "close"; leave it out for "${params.action}".`, 'index');
      switch (params.action) {
        case 'list':
          await session.ensureTab();
          response.addResult(await tabList(session));
          response.skipTabs = true;
          return;
        case 'new': {
          // Checked before the tab opens; loaded like browser_navigate, so what the page does
          // while loading (a dialog, a redirect) is waited for and reported.
          const url = params.url === undefined ? undefined : allowedUrl(session, params.url);
          await session.newTab();
          if (url) await gotoPrepared(session, response, url);
          // As Playwright MCP answers new/select/close: the tab list, the current tab marked.
          response.addResult(await tabList(session));
          response.skipTabs = true;
          response.setIncludeSnapshot();
          return;
        }
        case 'select': {
          if (params.index === undefined) throw new Error('browser_tabs "select" needs "index" (0-based). List the tabs with action "list".');
          await session.ensureTab();
          const tab = session.selectTab(params.index);
          await tab.page.bringToFront().catch(() => {});
          response.addResult(await tabList(session));
          response.skipTabs = true;
          response.setIncludeSnapshot();
          return;
        }
        case 'close': {
          await session.ensureTab();
          const closing = params.index === undefined ? session.currentTabOrUndefined() : session.tabs[params.index];
          const dialogs = closing ? openDialogsOf([closing]) : '';
          await session.closeTab(params.index);
          response.addResult(session.tabs.length ? await tabList(session) : 'No tab is open: the next tool opens a blank one.');
          if (dialogs) response.addResult(`Closing the tab dismissed ${dialogs}.`);
          response.skipTabs = true;
          if (session.tabs.length) response.setIncludeSnapshot();
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
    description: 'Resize the viewport',
    params: {
      width: wholeNumber('width', 1, 10_000).describe('Width of the viewport'),
      height: wholeNumber('height', 1, 10_000).describe('Height of the viewport'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      recordPageCall(session, response, { method: 'setViewportSize', width: params.width, height: params.height });
      await tab.page.setViewportSize({ width: params.width, height: params.height });
      response.addResult(`Resized the viewport to ${params.width}x${params.height}.`);
      response.setIncludeSnapshot();
    },
  }),
  defineTool({
    name: 'browser_close',
    group: 'core',
    title: 'Close the browser',
    description: 'Close the browser (all tabs); the next tool starts a new one',
    params: {},
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    ignoresModal: true,
    async handle(session, _params, response) {
      const dialogs = openDialogsOf(session.tabs);
      recordPageCall(session, response, { method: 'close' });
      const closed = await session.closeBrowser();
      response.skipPage = true;
      response.addResult(closed ? 'Closed the browser.' : 'Let go of the browser; it keeps running because its profile or connection is shared. The next tool picks it up again.');
      if (dialogs) response.addResult(`Open dialogs went with it: ${dialogs}.`);
    },
  }),
];
