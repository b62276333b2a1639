// Skill-only keyboard tools (core-input): hold and release keys, and type text key by key into
// whatever has focus. A held key stays held across calls, so browser_keydown Shift then a click
// is a shift-click.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { act } from './common.js';
import { recordInputCall } from '../codegen/input.js';
import { keyResult, typedResult } from '../format/input.js';
import { holdKey } from '../../index.js';

const keyParam = z.string().min(1).describe('Name of the key to press or a character to generate, such as `ArrowLeft` or `a`');

export const keyboardTools = [
  defineTool({
    name: 'browser_keydown',
    group: 'core-input',
    skillOnly: true,
    title: 'Press a key down',
    description: 'Press a key down on the keyboard',
    params: { key: keyParam },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      recordInputCall(session, response, { method: 'keyDown', text: params.key });
      await act(session, response, tab => holdKey(tab.page.keyboard, params.key, 'down'));
      response.addResult(keyResult('down', params.key));
    },
  }),
  defineTool({
    name: 'browser_keyup',
    group: 'core-input',
    skillOnly: true,
    title: 'Press a key up',
    description: 'Press a key up on the keyboard',
    params: { key: keyParam },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      recordInputCall(session, response, { method: 'keyUp', text: params.key });
      await act(session, response, tab => holdKey(tab.page.keyboard, params.key, 'up'));
      response.addResult(keyResult('up', params.key));
    },
  }),
  defineTool({
    name: 'browser_press_sequentially',
    group: 'core-input',
    skillOnly: true,
    title: 'Type text key by key',
    description: 'Type text key by key on the keyboard',
    params: {
      text: z.string().describe('Text to type'),
      submit: z.boolean().optional().describe('Whether to submit entered text (press Enter after)'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      recordInputCall(session, response, { method: 'type', text: params.text });
      if (params.submit) recordInputCall(session, response, { method: 'press', text: 'Enter' });
      await act(session, response, async tab => {
        await tab.page.keyboard.type(params.text);
        if (params.submit) await tab.page.keyboard.press('Enter');
      });
      response.addEcho(typedResult(params.text, params.submit));
    },
  }),
];
