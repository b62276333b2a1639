#!/usr/bin/env node
// Prints the README tools table from the tool registry (run `node build.mjs` first):
//   node scripts/tools-table.mjs > tools.md
import { allTools, inputJsonSchema } from '../dist/driver/tools/registry.js';

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

const groupOrder = ['core', 'vision', 'pdf'];
const tools = [...allTools].sort((a, b) => groupOrder.indexOf(a.group) - groupOrder.indexOf(b.group));
const lines = [
  '| Tool | Group | Description | Parameters | Hints |',
  '| --- | --- | --- | --- | --- |',
  ...tools.map(t => `| \`${t.name}\` | ${t.group === 'core' ? 'core' : `${t.group} (\`--caps ${t.group}\`)`} | ${escape(t.description)} | ${params(t)} | ${flags(t)} |`),
];
console.log(lines.join('\n'));
