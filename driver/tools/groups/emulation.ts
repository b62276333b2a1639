// browser_emulate_media: CSS media features and the media type as the page sees them (matchMedia,
// @media rules). Omitted features stay as they are; null clears that override.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { act } from './common.js';
import { recordInputCall } from '../codegen/input.js';
import { emulatedResult, NO_MEDIA_FEATURE } from '../format/input.js';

const feature = <T extends [string, ...string[]]>(values: T, what: string) => z.enum(values).nullable().optional().describe(what);

export const emulationTools = [
  defineTool({
    name: 'browser_emulate_media',
    group: 'core',
    title: 'Emulate media features',
    description: 'Emulate CSS media features for the page, e.g. the dark color scheme. Omitted parameters are left unchanged; null clears an override.',
    params: {
      colorScheme: feature(['light', 'dark'], 'Emulates the prefers-color-scheme media feature'),
      reducedMotion: feature(['reduce', 'no-preference'], 'Emulates the prefers-reduced-motion media feature'),
      forcedColors: feature(['active', 'none'], 'Emulates the forced-colors media feature'),
      contrast: feature(['more', 'no-preference'], 'Emulates the prefers-contrast media feature'),
      media: feature(['screen', 'print'], 'Changes the CSS media type of the page'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    async handle(session, params, response) {
      const changes = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Record<string, string | null>;
      if (!Object.keys(changes).length) throw new Error(NO_MEDIA_FEATURE);
      recordInputCall(session, response, { method: 'emulateMedia', options: changes });
      await act(session, response, tab => tab.page.emulateMedia(changes));
      response.addResult(emulatedResult(changes));
    },
  }),
];
