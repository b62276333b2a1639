#!/usr/bin/env node
// Prints the README tools table from the tool registry (run `node build.mjs` first):
//   node scripts/tools-table.mjs > tools.md
import { allTools, inputJsonSchema } from '../dist/driver/tools/registry.js';
import { TOOL_GROUPS } from '../dist/driver/tools/config.js';

const escape = text => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function typeOf(schema) {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map(v => JSON.stringify(v)).join(' \\| ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ');
  if (schema.type === 'array') {
    const item = typeOf(schema.items);
    return item.includes('|') ? `(${item})[]` : `${item}[]`;
  }
  if (schema.type === 'object') return schema.properties ? `{${Object.keys(schema.properties).join(', ')}}` : 'object';
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  return schema.type ?? 'any';
}

function params(tool) {
  const schema = inputJsonSchema(tool);
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (!entries.length) return '—';
  return entries.map(([name, prop]) => `\`${name}\`${required.has(name) ? '' : '?'}: ${typeOf(prop)}`).join('<br>');
}

function flags(tool) {
  const a = tool.annotations;
  return [a.readOnlyHint ? 'read-only' : '', a.destructiveHint ? 'destructive' : '', tool.runsCode ? 'runs code' : ''].filter(Boolean).join(', ') || '—';
}

const tools = [...allTools].sort((a, b) => TOOL_GROUPS.indexOf(a.group) - TOOL_GROUPS.indexOf(b.group));
/** Core groups are always on; a skill-only tool is listed over MCP when --caps names its group. */
function group(tool) {
  if (!tool.group.startsWith('core')) return `${tool.group} (\`--caps ${tool.group}\`)`;
  return tool.skillOnly ? `${tool.group}, skill-only (listed with \`--caps ${tool.group}\`)` : tool.group;
}
const lines = [
  '| Tool | Group | Description | Parameters | Hints |',
  '| --- | --- | --- | --- | --- |',
  ...tools.map(t => `| \`${t.name}\` | ${group(t)} | ${escape(t.description)} | ${params(t)} | ${flags(t)} |`),
];
console.log(lines.join('\n'));
