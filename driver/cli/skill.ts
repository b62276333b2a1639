// `ariaref skill`: the SKILL.md that teaches a coding agent the loop, printed or installed where
// Claude Code and similar agents look for skills. Kept short: an agent pays for every line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SKILL = `---
name: ariaref
description: Drive a real browser from the shell with ARIA snapshots and refs. Use to open web pages, read them, fill forms, click, and check what changed.
---

# Browser from the shell: ariaref

One browser stays open between commands. Read the page as an ARIA snapshot; act on elements by
their ref (\`e5\`, \`f1e3\` inside frames).

## Loop
1. \`ariaref open <url>\`: prints the page and its snapshot.
2. Act by ref: \`ariaref click e5\`, \`ariaref fill e7 "text"\`, \`ariaref type e7 "text" --submit\`,
   \`ariaref select e9 "Option"\`, \`ariaref check e4\`, \`ariaref press Enter\`, \`ariaref hover e2\`.
3. Each action prints what changed (a diff of the snapshot) and any new page, dialog or console
   error: read it instead of taking a new snapshot.
4. \`ariaref snapshot\` when you need the whole page again, or after "Ref eN no longer exists".

## Big pages
- \`ariaref find "Checkout"\` (or \`--role button --name Save\`): matching lines with refs and
  their ancestors, much cheaper than a snapshot.
- \`ariaref snapshot --ref e12 --depth 2\`: one part of the page.

## Other commands
- \`ariaref wait "Saved"\` (or \`wait 500\` ms, \`wait --gone "Loading"\`), \`back\`, \`forward\`, \`reload\`.
- \`ariaref dialog accept|dismiss [text]\` when the output shows a dialog.
- \`ariaref tabs\`, \`tabs new <url>\`, \`tabs select 1\`, \`tabs close\`.
- \`ariaref eval "document.title"\` (\`--ref e5\` passes that element), \`console\`, \`network\`.
- \`ariaref upload e3 ./file.pdf\`, \`ariaref drag e1 e2\`.
- \`ariaref screenshot [file]\` only for what a snapshot cannot show (layout, images, colours).
- \`ariaref pick\` (headed sessions): the user clicks an element, you get its ref (marked \`[picked]\` in snapshots).
- \`-s <name>\` on any command: a separate session (own cookies and pages). \`ariaref close\` ends one.
- \`ariaref <command> --help\` lists a command's options; \`ariaref --help\` every command and tool.

Exit code 0 = done, 1 = the action failed (the first stderr line says what to do next),
2 = the command line was wrong. Options such as \`--headed\` go to \`open\`.
`;

/** Writes SKILL.md under `dir` (default: ./.claude/skills/ariaref); returns the file written. */
export function installSkill(dir?: string): string {
  const folder = resolve(dir ?? join('.claude', 'skills', 'ariaref'));
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'SKILL.md');
  writeFileSync(file, SKILL);
  return file;
}
