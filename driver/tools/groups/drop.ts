// browser_drop: files and/or MIME-typed data dropped onto an element as if dragged in from
// outside the page; the page's drop handler gets a real DataTransfer (files, getData).
import { z } from 'zod';
import { defineTool } from '../define.js';
import { drop } from '../../index.js';
import { actWithEngine, describeTarget, targetAliases, targetShape } from './common.js';
import { checkFilePath } from '../files.js';
import { recordDrop } from '../codegen/input.js';
import { dropResult, NOTHING_TO_DROP } from '../format/input.js';
import { fileName } from '../input-policy.js';

export const dropTools = [
  defineTool({
    name: 'browser_drop',
    aliases: targetAliases,
    group: 'core',
    title: 'Drop files or data onto an element',
    description: 'Drop files or MIME-typed data onto an element, as if dragged from outside the page. At least one of "paths" or "data" must be provided.',
    params: {
      ...targetShape,
      paths: z.array(fileName()).optional().describe('Absolute paths to files to drop onto the element.'),
      data: z.record(z.string(), z.string()).optional().describe('Data to drop, as a map of MIME type to string value (e.g. {"text/plain": "hello"}).'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      if (!params.paths?.length && !params.data) throw new Error(NOTHING_TO_DROP);
      const policy = await session.filePolicy();
      const paths = (params.paths ?? []).map(path => checkFilePath(policy, path, 'Drop'));
      const tab = await session.ensureTab();
      await recordDrop(session, response, tab, params.target, { files: paths, data: params.data });
      await actWithEngine(session, response, (target, options) => drop(target, params.target, { paths, data: params.data }, options));
      response.addResult(dropResult(describeTarget(params), paths, Object.keys(params.data ?? {})));
    },
  }),
];
