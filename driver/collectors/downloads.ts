// Downloads started by the page are saved into the output directory under a safe, unique
// name and reported as events. Saving runs in the background: the click that started the
// download returns normally and the session goes on.
import type { Page, Download } from 'playwright';
import { rm } from 'node:fs/promises';
import { IdSource } from './buckets.js';
import { reserveFile } from './safe-path.js';
import { guarded } from './guard.js';

export interface DownloadEvent {
  id: number;
  url: string;
  suggestedFilename: string;
  /** Where the file is (or is being) saved. */
  path?: string;
  state: 'saving' | 'saved' | 'failed';
  error?: string;
  startTime: number;
}

export interface DownloadOptions {
  outputDir: string;
  ids?: IdSource;
}

const KEEP = 100;

export class DownloadCollector {
  private readonly events: DownloadEvent[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly ids: IdSource;
  private readonly listeners = new Set<(event: DownloadEvent) => void>();
  private readonly detach: () => void;

  constructor(page: Page, private readonly options: DownloadOptions) {
    this.ids = options.ids ?? new IdSource();
    const onDownload = guarded((download: Download) => {
      const saving = this.save(download);
      this.inFlight.add(saving);
      void saving.finally(() => this.inFlight.delete(saving));
    });
    page.on('download', onDownload);
    this.detach = () => page.off('download', onDownload);
  }

  list(): readonly DownloadEvent[] {
    return this.events;
  }

  lastId(): number {
    return this.ids.peek();
  }

  since(id: number): DownloadEvent[] {
    return this.events.filter(event => event.id > id);
  }

  /** Resolves when every download started so far is saved or failed. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Called when a download starts and again when it is saved or failed. */
  onEvent(listener: (event: DownloadEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.detach();
    this.listeners.clear();
  }

  private async save(download: Download): Promise<void> {
    const event: DownloadEvent = {
      id: this.ids.next(),
      url: download.url(),
      suggestedFilename: download.suggestedFilename(),
      state: 'saving',
      startTime: Date.now(),
    };
    this.events.push(event);
    if (this.events.length > KEEP) this.events.shift();
    try {
      event.path = reserveFile(this.options.outputDir, event.suggestedFilename);
      this.emit(event);
      await download.saveAs(event.path);
      event.state = 'saved';
    } catch (error) {
      event.state = 'failed';
      event.error = await failureText(download, error);
      if (event.path) await rm(event.path, { force: true }).catch(() => {});
    }
    this.emit(event);
  }

  private emit(event: DownloadEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // Reporting must not break saving.
      }
    }
  }
}

async function failureText(download: Download, error: unknown): Promise<string> {
  const reason = await download.failure().catch(() => null);
  const message = reason ?? String((error as Error)?.message ?? error).split('\n')[0];
  if (/acceptDownloads|accept downloads/i.test(message))
    return `${message} (create the browser context with acceptDownloads: true)`;
  return `${message}. Retry the action that started the download; check free disk space and that the output directory is writable.`;
}
