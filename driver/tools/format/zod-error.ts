// Argument errors that name the field and say what was expected, in words an agent can act on.
// The layout is zod's own prettified one (`✖ message` then `  → at path`), as Playwright MCP
// prints it, plus the alias a field was passed under and the next step.
import type { z } from 'zod';

/** Canonical parameter name -> the older alias the caller used, so errors name what was sent. */
type Renamed = ReadonlyMap<string, string>;

/** The field's path: `fields[0].target`, or `target (passed as "ref")`. */
function fieldPath(path: PropertyKey[], renamed?: Renamed): string {
  const name = path.map((p, i) => typeof p === 'number' ? `[${p}]` : (i ? `.${String(p)}` : String(p))).join('');
  const last = path[path.length - 1];
  const alias = typeof last === 'string' ? renamed?.get(last) : undefined;
  return alias ? `${name} (passed as "${alias}")` : name;
}

function describeIssue(issue: z.core.$ZodIssue, renamed?: Renamed): string[] {
  const lines = [`✖ ${issue.message}`];
  if (issue.path.length) lines.push(`  → at ${fieldPath(issue.path, renamed)}`);
  return lines;
}

export function formatZodError(toolName: string, error: z.ZodError, renamed?: Renamed): string {
  // Shallow paths first, as zod's prettifyError orders them: a missing object before its fields.
  const issues = [...error.issues].sort((a, b) => a.path.length - b.path.length);
  const lines = issues.flatMap(issue => describeIssue(issue, renamed));
  return `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}\nFix the arguments and call ${toolName} again.`;
}
