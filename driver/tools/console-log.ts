// The console log file of one tab, as Playwright MCP keeps it: every message at the configured
// level (default info) appended live to `console-<time>.log` in the output directory, a new file
// for each document, and the next response's Events section links the lines it has not linked
// yet (`New console entries: ./console-….log#L3-L5`). The file is written as messages arrive, so
// it is current even when no response links it; secret values never reach it.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { meetsLevel, type Bucket, type ConsoleCollector, type ConsoleItem, type ConsoleLevel } from '../index.js';
import { redactText, type Secrets } from './secrets.js';
import { timestampedName } from './files.js';
import { consoleTag, consoleWhere } from './format/console.js';

/** A page that logs in a loop must not fill the disk: past this, one file says so and stops growing. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export interface ConsoleLogOptions {
  dir: string;
  /** The least severe message written (--console-level; default info). */
  level?: ConsoleLevel;
  secrets?: Secrets;
}

export class ConsoleLogFile {
  private path: string | undefined;
  private bucket: Bucket<ConsoleItem> | undefined;
  private lines = 0;
  private linked = 0;
  private bytes = 0;
  private full = false;
  private startedAt = 0;
  /** Entries waiting for the append already queued for them (one batch per file). */
  private batch: string[] | undefined;
  private writing: Promise<void> = Promise.resolve();

  /** Listens for the tab's lifetime: the collector drops its listeners when the page goes. */
  constructor(console: ConsoleCollector, private readonly options: ConsoleLogOptions) {
    console.onRecord((item, bucket) => this.add(item, bucket));
  }

  /**
   * The Events line for the entries written since the last one, once they are on disk (the path
   * absolute: responses print it relative to the workspace, as every path).
   */
  async takeLink(): Promise<string | undefined> {
    await this.writing;
    if (!this.path || this.lines === this.linked) return undefined;
    const first = this.linked + 1;
    this.linked = this.lines;
    return `New console entries: ${this.path}#L${first}${this.lines > first ? `-L${this.lines}` : ''}`;
  }

  /**
   * A line of the server's own about the tab (that its page crashed and was reset), written as
   * an error so every --console-level keeps it, as Playwright MCP logs it.
   */
  logError(text: string): void {
    if (!this.path) this.startFile(undefined, Date.now());
    this.write(`[ERROR] ${text}`, Date.now());
  }

  private add(item: ConsoleItem, bucket: Bucket<ConsoleItem>): void {
    if (!meetsLevel(item.level, this.options.level ?? 'info')) return;
    // A new document starts a new file, as a new page's console starts empty.
    if (bucket !== this.bucket) this.startFile(bucket, item.lastTime);
    this.write(redactText(this.options.secrets ?? {}, entryText(item)), item.lastTime);
  }

  private startFile(bucket: Bucket<ConsoleItem> | undefined, time: number): void {
    this.bucket = bucket;
    this.path = join(this.options.dir, timestampedName('console', 'log'));
    this.lines = this.linked = this.bytes = 0;
    this.startedAt = time;
    this.full = false;
    this.batch = undefined;
  }

  private write(entry: string, at: number): void {
    if (this.full) return;
    // `[     12ms] ` since the file began, as Playwright MCP's log lines start.
    const time = `[${String(Math.max(0, at - this.startedAt)).padStart(8, ' ')}ms] `;
    let text = time + entry;
    this.bytes += Buffer.byteLength(text);
    if (this.bytes > MAX_FILE_BYTES) {
      this.full = true;
      text = `${time}[INFO] ariaref: this page logged more than ${MAX_FILE_BYTES / 1024 / 1024} MiB; later messages are only in browser_console_messages.`;
    }
    this.lines += text.split('\n').length;
    if (!this.batch) this.queue(this.path!);
    this.batch!.push(text);
  }

  /** One append per batch, in order: messages that arrive while a write runs go in the next one. */
  private queue(path: string): void {
    const batch: string[] = [];
    this.batch = batch;
    this.writing = this.writing.then(() => {
      if (this.batch === batch) this.batch = undefined;
      return mkdir(dirname(path), { recursive: true }).then(() => appendFile(path, batch.join('\n') + '\n')).catch(() => {});
    });
  }
}

/** `[ERROR] text @ url:line`, then the stack of an uncaught error. */
function entryText(item: ConsoleItem): string {
  const stack = item.stack && !item.stack.startsWith(item.text) ? `\n${item.stack}` : '';
  return `${consoleTag(item)} ${item.text}${consoleWhere(item)}${stack}`;
}
