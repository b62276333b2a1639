// The devtools group (--caps devtools), as Playwright MCP 0.0.83 has it: traces, videos and their
// overlays, recording what the user does, element highlights, and the debugger. The state lives
// with the browser context (driver/devtools), so a restarted browser starts clean.
import { z } from 'zod';
import type { BrowserContext } from 'playwright';
import { defineTool } from '../define.js';
import type { Session } from '../session.js';
import { timestampedName } from '../files.js';
import {
  highlightElement, hideHighlight, resumeScript, startRecording, startTracing, startVideo, stopRecording, stopTracing, stopVideo, withDeadline,
} from '../../index.js';
import {
  ANNOTATE_UNAVAILABLE, NO_PAGE, explainDevtools, recordingStarted, recordingStopped, resumed, traceStarted, traceStopped, videosStopped,
} from '../format/devtools.js';
import { elementParam, locate, targetAliases, targetParam } from './common.js';
import { fileName, wholeNumber } from '../input-policy.js';

const readOnly = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
/** Draws on the page (an overlay outside its DOM tree): not read-only, but harmless. */
const overlay = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

/** The context of the open tab, without starting a browser just to say nothing was started. */
function currentContext(session: Session): BrowserContext | undefined {
  return session.currentTabOrUndefined()?.page.context();
}

function currentPage(session: Session) {
  const tab = session.currentTabOrUndefined();
  if (!tab) throw new Error(NO_PAGE);
  return tab.page;
}

const positions = ['top-left', 'top', 'top-right', 'bottom-left', 'bottom', 'bottom-right'] as const;

export const devtoolsTools = [
  defineTool({
    name: 'browser_start_tracing',
    group: 'devtools',
    title: 'Start tracing',
    description: 'Start trace recording',
    params: {},
    annotations: readOnly,
    async handle(session, _params, response) {
      const tab = await session.ensureTab();
      await explainDevtools(startTracing(tab.page.context()));
      response.addResult(traceStarted());
    },
  }),
  defineTool({
    name: 'browser_stop_tracing',
    group: 'devtools',
    title: 'Stop tracing',
    description: 'Stop trace recording',
    params: {},
    annotations: readOnly,
    async handle(session, _params, response) {
      const context = currentContext(session);
      const path = await session.outputFile(undefined, timestampedName('trace', 'zip'), 'Trace');
      const trace = await explainDevtools(stopTracing(context, path));
      response.addResult(traceStopped(trace.path));
    },
  }),
  defineTool({
    name: 'browser_start_video',
    group: 'devtools',
    title: 'Start video',
    description: 'Start video recording',
    params: {
      filename: fileName().optional().describe('File name to save the video to (inside the output directory or the client roots). Default: `video-{timestamp}.webm` in the output directory.'),
      size: z.object({ width: wholeNumber('width', 1, 10_000).describe('Video width'), height: wholeNumber('height', 1, 10_000).describe('Video height') }).optional().describe('Video size'),
      fps: z.number().positive().max(60).optional().describe('Video frame rate in frames per second, defaults to 25'),
      cursor: z.boolean().optional().describe('Render an animated mouse cursor that travels to each action point. Paces actions by 800ms so that the cursor has time to travel.'),
    },
    annotations: readOnly,
    async handle(session, params, response) {
      const path = await session.outputFile(params.filename, timestampedName('video', 'webm'), 'Video');
      const tab = await session.ensureTab();
      await explainDevtools(startVideo(tab.page.context(), path, { size: params.size, fps: params.fps, cursor: params.cursor }));
      response.addResult('Video recording started.');
    },
  }),
  defineTool({
    name: 'browser_stop_video',
    group: 'devtools',
    title: 'Stop video',
    description: 'Stop video recording',
    params: {},
    annotations: readOnly,
    async handle(session, _params, response) {
      response.addResult(videosStopped(await stopVideo(currentContext(session))));
    },
  }),
  defineTool({
    name: 'browser_video_chapter',
    group: 'devtools',
    title: 'Video chapter',
    description: 'Add a chapter marker to the video recording. Shows a full-screen chapter card with blurred backdrop.',
    params: {
      title: z.string().min(1).describe('Chapter title'),
      description: z.string().optional().describe('Chapter description'),
      duration: wholeNumber('duration', 0, 60_000, 'ms').optional().describe('Duration in milliseconds to show the chapter card'),
    },
    annotations: overlay,
    async handle(session, params, response) {
      const page = currentPage(session);
      const shown = page.screencast.showChapter(params.title, { description: params.description, duration: params.duration });
      await withDeadline(shown, (params.duration ?? 2000) + session.config.actionTimeoutMs, 'Showing the chapter card');
      response.addResult(`Chapter '${params.title}' added.`);
    },
  }),
  defineTool({
    name: 'browser_video_show_actions',
    group: 'devtools',
    title: 'Show action overlays',
    description: 'Annotate subsequent actions performed on the page with a callout that names the action and, when styled, marks the action point and highlights the target element. Useful while video recording or screencasting.',
    params: {
      duration: wholeNumber('duration', 0, 60_000, 'ms').optional().describe('How long each action annotation stays on screen, in milliseconds. Defaults to 500.'),
      position: z.enum(positions).optional().describe('Where to place the action title relative to the page. Defaults to top-right.'),
      cursor: z.enum(['none', 'pointer']).optional().describe('Cursor decoration for pointer actions. "pointer" (default) animates a mouse pointer from the previous action point to the next one; "none" disables the cursor decoration.'),
      style: z.object({
        point: z.string().optional().describe('CSS declarations for the zero-sized marker centered on the action point, e.g. "width: 20px; height: 20px; border-radius: 50%; background: red". Not shown when omitted.'),
        highlight: z.string().optional().describe('CSS declarations for the box that covers the target element, e.g. "outline: 2px solid #333". Not shown when omitted.'),
        title: z.string().optional().describe('CSS declarations for the action title, e.g. "font-size: 16px".'),
      }).optional().describe('Styles of the action decorations.'),
    },
    annotations: overlay,
    async handle(session, params, response) {
      const page = currentPage(session);
      await withDeadline(page.screencast.showActions(params), session.config.actionTimeoutMs, 'Enabling action annotations');
      response.addResult('Action annotations enabled.');
    },
  }),
  defineTool({
    name: 'browser_video_hide_actions',
    group: 'devtools',
    title: 'Hide action overlays',
    description: 'Stop annotating actions performed on the page.',
    params: {},
    annotations: overlay,
    async handle(session, _params, response) {
      const page = currentPage(session);
      await withDeadline(page.screencast.hideActions(), session.config.actionTimeoutMs, 'Disabling action annotations');
      response.addResult('Action annotations disabled.');
    },
  }),
  defineTool({
    name: 'browser_start_recording',
    group: 'devtools',
    title: 'Start recording user actions',
    description: 'Start recording actions that the user performs in the browser as Playwright code. Use it when the user wants to demonstrate a flow manually. Call browser_stop_recording when the user says they are done to retrieve the recorded actions.',
    params: {},
    annotations: readOnly,
    async handle(session, _params, response) {
      const tab = await session.ensureTab();
      const language = session.config.codegen === 'none' ? 'typescript' : session.config.codegen;
      await explainDevtools(startRecording(tab.page.context(), language));
      await tab.page.bringToFront().catch(() => {});
      response.addResult(recordingStarted());
      if (session.config.headless) response.addPageNote('The browser is headless, so nobody can act in it: restart the server with --headed for the user to demonstrate a flow.');
    },
  }),
  defineTool({
    name: 'browser_stop_recording',
    group: 'devtools',
    title: 'Stop recording user actions',
    description: 'Stop the recording started with browser_start_recording and return the recorded actions as Playwright code.',
    params: {},
    annotations: readOnly,
    async handle(session, _params, response) {
      const actions = await stopRecording(currentContext(session));
      response.addResult(recordingStopped(actions, session.config.codegen));
      response.setIncludeSnapshot();
    },
  }),
  defineTool({
    name: 'browser_highlight',
    group: 'devtools',
    title: 'Highlight element',
    description: 'Show a persistent highlight overlay around the element.',
    params: {
      element: elementParam,
      target: targetParam,
      style: z.string().optional().describe('Extra CSS for the overlay, e.g. "outline: 2px dashed red".'),
    },
    aliases: targetAliases,
    annotations: overlay,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const locator = await locate(tab, params.target);
      await highlightElement(locator, { style: params.style, timeoutMs: session.config.actionTimeoutMs });
      response.addResult(`Highlighted ${params.element ?? params.target}`);
    },
  }),
  defineTool({
    name: 'browser_hide_highlight',
    group: 'devtools',
    title: 'Hide element highlight',
    description: 'Remove a highlight overlay previously added for the element.',
    params: {
      element: z.string().optional().describe('Human-readable element description used when adding the highlight; must match the value passed to browser_highlight.'),
      target: targetParam.optional().describe('Target passed to browser_highlight. Omit to remove every highlight of the page.'),
    },
    aliases: targetAliases,
    annotations: overlay,
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const target = params.target;
      const locator = target ? await locate(tab, target) : undefined;
      await hideHighlight(tab.page, locator, session.config.actionTimeoutMs);
      response.addResult(target ? `Hid highlight for ${params.element ?? target}` : 'Hid page highlight');
    },
  }),
  defineTool({
    name: 'browser_annotate',
    group: 'devtools',
    title: 'Annotate the current page',
    description: 'Open the Playwright Dashboard in annotation mode for the current page and wait for the user to draw annotations. Returns the annotated screenshot, ARIA snapshot, and the list of annotations.',
    params: {},
    annotations: readOnly,
    async handle() {
      throw new Error(ANNOTATE_UNAVAILABLE);
    },
  }),
  defineTool({
    name: 'browser_resume',
    group: 'devtools',
    title: 'Resume paused script execution',
    description: 'Resume script execution after it was paused. When called with step set to true, execution will pause again before the next action.',
    params: {
      step: z.boolean().optional().describe('When true, execution will pause again before the next action, allowing step-by-step debugging.'),
      location: z.string().optional().describe('Pause execution at a specific <file>:<line>, e.g. "example.spec.ts:42".'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      const context = currentContext(session);
      if (!context) throw new Error(`${NO_PAGE} (No script can be paused before a browser runs.)`);
      // A script that runs to its end never pauses again: after the action timeout it is reported as running.
      const waitMs = session.config.actionTimeoutMs;
      const outcome = await explainDevtools(resumeScript(context, { step: params.step, location: params.location, waitMs }));
      response.addResult(resumed(outcome, waitMs));
    },
  }),
];
