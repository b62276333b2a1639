// Argument errors that name the field and say what was expected, in words an agent can act on.
import type { z } from 'zod';

/** Canonical parameter name -> the older alias the caller used, so errors name what was sent. */
type Renamed = ReadonlyMap<string, string>;

/** The field, quoted: `"fields[0].target"`, or `"target" (passed as "ref")`. */
function fieldName(path: PropertyKey[], renamed?: Renamed): string {
  if (!path.length) return '"arguments"';
  const name = path.map((p, i) => typeof p === 'number' ? `[${p}]` : (i ? `.${String(p)}` : String(p))).join('');
  const last = path[path.length - 1];
  const alias = typeof last === 'string' ? renamed?.get(last) : undefined;
  return alias ? `"${name}" (passed as "${alias}")` : `"${name}"`;
}

function describeIssue(issue: z.core.$ZodIssue, renamed?: Renamed): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map(k => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message))
    return `${fieldName(issue.path, renamed)} is required (${issue.expected})`;
  return `${fieldName(issue.path, renamed)}: ${issue.message.replace(/^Invalid input: /, '')}`;
}

export function formatZodError(toolName: string, error: z.ZodError, renamed?: Renamed): string {
  const lines = error.issues.map(issue => `- ${describeIssue(issue, renamed)}`);
  return `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}\nFix the arguments and call ${toolName} again.`;
}
