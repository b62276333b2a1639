// Video of every page of a context, through Playwright's page.screencast: the file is encoded by
// Playwright's own ffmpeg build (not a system ffmpeg), which `npx playwright install ffmpeg`
// downloads. Pages opened while recording get their own file (name-1.webm, name-2.webm...).
import { basename, dirname, extname, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright';
import { DevtoolsError } from './errors.js';
import { firstLine } from '../errors.js';

export interface VideoOptions {
  size?: { width: number; height: number };
  fps?: number;
  /** An animated pointer that travels to each action point. */
  cursor?: boolean;
}

interface Recording { path: string; options: VideoOptions; paths: string[]; onPage: (page: Page) => void }

const recordings = new WeakMap<BrowserContext, Recording>();

/** Pacing of the travelling cursor, as Playwright MCP paces it. */
const CURSOR_MS = 800;

export function isRecordingVideo(context: BrowserContext): boolean {
  return recordings.has(context);
}

function needsFfmpeg(error: unknown): boolean {
  return /ffmpeg/i.test(String((error as Error)?.message ?? error));
}

async function startPage(recording: Recording, page: Page): Promise<void> {
  const n = recording.paths.length;
  const ext = extname(recording.path);
  const path = n ? join(dirname(recording.path), `${basename(recording.path, ext)}-${n}${ext}`) : recording.path;
  recording.paths.push(path);
  try {
    await page.screencast.start({ path, size: recording.options.size, fps: recording.options.fps });
  } catch (error) {
    recording.paths.splice(recording.paths.indexOf(path), 1);
    throw error;
  }
  if (recording.options.cursor)
    await page.screencast.showActions({ cursor: 'pointer', duration: CURSOR_MS, style: { title: 'display: none' } });
}

export async function startVideo(context: BrowserContext, path: string, options: VideoOptions = {}): Promise<void> {
  if (recordings.has(context)) throw new DevtoolsError('video-already-started', 'Video recording has already been started.');
  const recording: Recording = {
    path, options, paths: [],
    onPage: page => { startPage(recording, page).catch(() => {}); },
  };
  try {
    for (const page of context.pages()) await startPage(recording, page);
  } catch (error) {
    await Promise.all(context.pages().map(page => page.screencast.stop().catch(() => {})));
    if (needsFfmpeg(error)) throw new DevtoolsError('video-needs-ffmpeg', 'Video recording needs Playwright\'s ffmpeg, which is not installed.');
    throw new Error(firstLine(error));
  }
  recordings.set(context, recording);
  context.on('page', recording.onPage);
}

/** Stops every page's video; the files written (none when no recording was started). */
export async function stopVideo(context: BrowserContext | undefined): Promise<string[]> {
  const recording = context && recordings.get(context);
  if (!context || !recording) return [];
  recordings.delete(context);
  context.off('page', recording.onPage);
  await Promise.all(context.pages().map(page => page.screencast.stop().catch(() => {})));
  return [...recording.paths];
}
