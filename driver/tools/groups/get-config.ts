// browser_get_config (--caps config): the configuration this session runs with, after flags,
// environment and config file were merged, in Playwright MCP's shape; credentials never shown.
import { defineTool } from '../define.js';
import { formatConfig } from '../format/devtools.js';

export const configTools = [
  defineTool({
    name: 'browser_get_config',
    group: 'config',
    title: 'Get config',
    description: 'Get the final resolved config after merging CLI options, environment variables and config file.',
    params: {},
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    ignoresModal: true,
    async handle(session, _params, response) {
      response.addResult(formatConfig(session.config));
    },
  }),
];
