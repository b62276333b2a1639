// What the MCP surface does to every tool result on its way out: --image-responses (allow, omit,
// or only the images when there are some) and --save-session (each call and its result appended
// to <output-dir>/session-<time>/session.md) and --output-max-size (oldest output files deleted
// past the threshold), all with Playwright MCP's meaning.
import { appendFile, mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentBlock, ImageResponses, ToolResult } from '../tools/index.js';

export function shapeImages(result: ToolResult, mode: ImageResponses): ToolResult {
  if (mode === 'allow') return result;
  const images = result.content.filter(block => block.type === 'image');
  if (mode === 'omit') return images.length ? { ...result, content: result.content.filter(block => block.type !== 'image') } : result;
  if (!images.length || result.isError) return result;
  return { ...result, content: images };
}

export class SessionLog {
  private queue: Promise<void>;

  private file_: string | undefined;
  /** The log file, once the output directory is known (it may depend on the client's roots). */
  get file(): string | undefined { return this.file_; }

  constructor(outputDir: Promise<string>) {
    const started = Date.now();
    this.queue = outputDir.then(async dir => {
      const folder = join(dir, `session-${started}`);
      this.file_ = join(folder, 'session.md');
      await mkdir(folder, { recursive: true });
      process.stderr.write(`Session: ${folder}\n`);
    });
  }

  log(name: string, args: unknown, result: ToolResult): void {
    const text = result.content.filter((block: ContentBlock) => block.type === 'text').map(block => (block as { text: string }).text).join('\n');
    const images = result.content.filter(block => block.type === 'image').length;
    const lines = ['', `### Tool call: ${name}`, '- Args', '```json', JSON.stringify(args ?? {}, null, 2), '```', `- Result${result.isError ? ' (error)' : ''}${images ? ` (+${images} image${images > 1 ? 's' : ''})` : ''}`, '```', text, '```', ''];
    this.queue = this.queue.then(() => appendFile(this.file_!, lines.join('\n'))).catch(() => {});
  }

  flush(): Promise<void> { return this.queue; }
}

async function listFiles(dir: string): Promise<Array<{ path: string; size: number; mtimeMs: number }>> {
  const out: Array<{ path: string; size: number; mtimeMs: number }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await listFiles(path));
    else if (entry.isFile()) {
      const info = await stat(path).catch(() => undefined);
      if (info) out.push({ path, size: info.size, mtimeMs: info.mtimeMs });
    }
  }
  return out;
}

/**
 * Deletes the oldest files of the output directory until it holds at most `maxBytes`, keeping
 * the files written since `since` (what the call just produced) and those in `keep`.
 */
export async function enforceOutputBudget(dir: string, maxBytes: number, since: number, keep: string[] = []): Promise<void> {
  const files = await listFiles(dir);
  let total = files.reduce((sum, file) => sum + file.size, 0);
  if (total <= maxBytes) return;
  files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const file of files) {
    if (total <= maxBytes) break;
    if (file.mtimeMs >= since || keep.includes(file.path)) continue;
    if (await unlink(file.path).then(() => true, () => false)) total -= file.size;
  }
}
