// browser_snapshot: the page as ARIA YAML with refs, the agent's way of seeing the page.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { timestampedName } from '../files.js';
import { formatFound } from '../format/listing.js';
import { resultOrFile, targetAliases, targetString } from './common.js';
import { isRef, matchingLines, snapshotSnippets } from '../../index.js';
import type { Tab } from '../tab.js';
import { fileName, wholeNumber } from '../input-policy.js';

/** A ref as is; a selector becomes the ref of the one element it matches. */
async function refOfTarget(tab: Tab, target: string): Promise<string> {
  const aria = await tab.aria();
  if (isRef(target)) return target;
  const handle = await (await aria.locator(target, { exactlyOne: true })).elementHandle();
  const ref = handle ? await aria.refFor(handle) : undefined;
  if (!ref) throw new Error(`"${target}" matches an element that has no ref (it is hidden or not in the accessibility tree).`);
  return ref;
}

function parseRegex(source: string): RegExp {
  const slashed = /^\/(.+)\/([dgimsuvy]*)$/s.exec(source);
  try {
    return slashed ? new RegExp(slashed[1]!, slashed[2]!.replace('g', '')) : new RegExp(source);
  } catch (error) {
    throw new Error(`"regex" is not a valid regular expression: ${(error as Error).message}`);
  }
}

export const snapshotTools = [
  defineTool({
    name: 'browser_snapshot',
    group: 'core',
    title: 'Page snapshot',
    description: 'Capture accessibility snapshot of the current page, this is better than screenshot',
    params: {
      target: targetString().optional().describe('Only this element\'s subtree (ref or unique selector)'),
      filename: fileName().optional().describe('Save snapshot to a file instead of returning it'),
      depth: wholeNumber('depth', 0, 1000).optional().describe('Limit the depth of the snapshot tree'),
      boxes: z.boolean().optional().describe('Include each element\'s bounding box as [box=x,y,width,height], viewport CSS pixels'),
      verbose: z.boolean().optional().describe('Keep generic wrappers'),
      interactive: z.boolean().optional().describe('Only controls, headings and landmarks'),
      offset: wholeNumber('offset', 0, 1_000_000).optional().describe('Skip this many root children (paging)'),
      limit: wholeNumber('limit', 1, 100_000).optional().describe('At most this many root children'),
      budgetTokens: wholeNumber('budgetTokens', 500, 1_000_000).optional().describe('Token budget; larger pages fold'),
    },
    aliases: targetAliases,
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const ref = params.target ? await refOfTarget(tab, params.target) : undefined;
      const file = params.filename ? await session.outputFile(params.filename, timestampedName('page', 'yml'), 'Snapshot') : undefined;
      response.setIncludeSnapshot({
        explicit: true, ref, file, depth: params.depth, boxes: params.boxes, verbose: params.verbose, interactive: params.interactive,
        offset: params.offset, limit: params.limit, budgetTokens: params.budgetTokens,
      });
    },
  }),
  defineTool({
    name: 'browser_find',
    group: 'core',
    title: 'Find on page',
    description: 'Find elements by text, role or name in every frame, with refs and ancestor paths; cheaper than a full snapshot on large pages',
    params: {
      text: z.string().min(1).max(1000).optional().describe('Case-insensitive text in names, values and text'),
      regex: z.string().min(1).max(1000).optional().describe('Regexp over snapshot lines; "/x/i" adds flags'),
      role: z.string().min(1).max(100).optional().describe('Exact ARIA role, e.g. "button", "link", "textbox"'),
      name: z.string().min(1).max(1000).optional().describe('Substring of the accessible name (case-insensitive)'),
      target: targetString().optional().describe('Only this element\'s subtree'),
      limit: wholeNumber('limit', 1, 500).optional().describe('Max matches (default 50)'),
      filename: fileName().optional().describe('Save results to a file'),
    },
    aliases: targetAliases,
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
    async handle(session, params, response) {
      if (params.text !== undefined && params.regex !== undefined)
        throw new Error('Provide only one of "text" or "regex", not both.');
      if (params.text === undefined && params.role === undefined && params.name === undefined && params.regex === undefined)
        throw new Error('Provide either "text" or "regex" to search for. To find by role, pass "role" and optionally "name".');
      const pattern = params.regex !== undefined ? parseRegex(params.regex) : undefined;
      const tab = await session.ensureTab();
      const aria = await tab.aria();
      const rootRef = params.target ? await refOfTarget(tab, params.target) : undefined;
      const matcher = await lineMatcher(aria, params, rootRef, pattern);
      // Matched in the snapshot text, as Playwright MCP does, so each match shows in its tree.
      const yaml = await aria.snapshot({ rootRef });
      const matched = matchingLines(yaml, matcher.matches);
      const shown = matched.slice(0, params.limit ?? 50);
      const text = formatFound(snapshotSnippets(yaml, shown), matched.length, shown.length, matcher.skipped, findQuery(params));
      await resultOrFile(session, response, text, params.filename, { title: 'Find results', prefix: 'find', extension: 'md' });
    },
  }),
];

type Aria = Awaited<ReturnType<Tab['aria']>>;

/**
 * Which snapshot lines match: text as a case-insensitive substring of the line, as Playwright
 * MCP does, and regex as a test of it; role and name go through the runtime's find, whose refs
 * then pick the lines.
 */
async function lineMatcher(aria: Aria, params: { text?: string; role?: string; name?: string }, rootRef: string | undefined, pattern: RegExp | undefined): Promise<{ matches: (line: string) => boolean; skipped: string[] }> {
  // A regex sees the node without its indentation and list dash, so `^button` anchors at the role.
  const byPattern = (line: string) => { pattern!.lastIndex = 0; return pattern!.test(line.trim().replace(/^- /, '')); };
  if (params.role === undefined && params.name === undefined) {
    const needle = params.text?.toLowerCase();
    return { matches: pattern ? byPattern : line => line.toLowerCase().includes(needle!), skipped: [] };
  }
  const found = await aria.find({ text: params.text, role: params.role, name: params.name, rootRef, limit: 500 });
  const refs = new Set(found.matches.flatMap(match => match.ref ? [`[ref=${match.ref}]`] : []));
  const hasRef = (line: string) => [...line.matchAll(/\[ref=[^\]]+\]/g)].some(m => refs.has(m[0]));
  return { matches: line => hasRef(line) && (!pattern || byPattern(line)), skipped: found.skipped };
}

/** How the answer names what was searched for: `"Bananas"`, `/x/i`, or `button "Save"`. */
function findQuery(params: { text?: string; regex?: string; role?: string; name?: string }): string {
  if (params.regex !== undefined) return params.regex.startsWith('/') ? params.regex : `/${params.regex}/`;
  if (params.text !== undefined) return JSON.stringify(params.text);
  return [params.role, params.name !== undefined ? JSON.stringify(params.name) : undefined].filter(Boolean).join(' ');
}
