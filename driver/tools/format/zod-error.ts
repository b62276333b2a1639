// Argument errors that name the field and say what was expected, in words an agent can act on.
import type { z } from 'zod';

function fieldName(path: PropertyKey[]): string {
  if (!path.length) return 'arguments';
  return path.map((p, i) => typeof p === 'number' ? `[${p}]` : (i ? `.${String(p)}` : String(p))).join('');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map(k => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message))
    return `"${fieldName(issue.path)}" is required (${issue.expected})`;
  return `"${fieldName(issue.path)}": ${issue.message.replace(/^Invalid input: /, '')}`;
}

export function formatZodError(toolName: string, error: z.ZodError): string {
  const lines = error.issues.map(issue => `- ${describeIssue(issue)}`);
  return `Invalid arguments for ${toolName}:\n${lines.join('\n')}\nFix the arguments and call ${toolName} again.`;
}
