// browser_handle_dialog: answers the JavaScript dialog (alert, confirm, prompt, beforeunload)
// that blocks the page. Every other page tool is refused while one is open.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { formatAnsweredDialog } from '../format/events.js';

export const dialogTools = [
  defineTool({
    name: 'browser_handle_dialog',
    group: 'core',
    title: 'Handle a dialog',
    description: 'Handle a dialog (alert, confirm, prompt, beforeunload)',
    params: {
      accept: z.boolean().describe('Whether to accept the dialog'),
      promptText: z.string().optional().describe('The text to enter in case of a prompt dialog'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    handlesModal: 'dialog',
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      if (!tab.isBlocked()) throw new Error('No dialog is open in the current tab. Take a snapshot with browser_snapshot to see the page as it is now.');
      response.addResult(formatAnsweredDialog(await tab.collectors.modal.answerDialog(params.accept, params.promptText)));
      response.setIncludeSnapshot();
    },
  }),
];
