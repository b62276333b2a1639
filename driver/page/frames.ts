// Per-page bookkeeping of frames and their documents:
//  - ref prefixes: '' for the main frame, 'f1', 'f2'... for child frames in order of discovery,
//    never reused in a tab;
//  - generations: every cross-document navigation of a frame starts a new generation (the
//    runtime's `docId` changes); the driver seeds each new document with the last ref number
//    issued in that frame, so refs never repeat in a tab and an old ref can be recognized
//    and explained ("belonged to http://a/ before the page navigated to http://b/").
import type { Frame, Page } from 'playwright';

/** A parsed ref: `f2e7` -> { prefix: 'f2', number: 7 }. */
export interface ParsedRef {
  ref: string;
  prefix: string;
  number: number;
}

const REF_PATTERN = /^(f\d+)?e(\d+)$/;

/** Parses a snapshot ref ('e5', 'f2e7'); undefined for anything else (e.g. a selector). */
export function parseRef(text: string): ParsedRef | undefined {
  const ref = text.trim();
  const match = REF_PATTERN.exec(ref);
  if (!match) return undefined;
  return { ref, prefix: match[1] ?? '', number: Number(match[2]) };
}

/** True for strings shaped like a snapshot ref. */
export function isRef(text: string): boolean {
  return parseRef(text) !== undefined;
}

/** One document seen in a frame, and the refs issued in it. */
interface Generation {
  docId: string;
  /** URL at the last snapshot of this document. */
  url: string;
  /** Refs of this document are numbered in (previous generation's lastRef, lastRef]. */
  lastRef: number;
  /** The main frame's document when this one was last snapshotted (child frames). */
  mainDocId: string | undefined;
}

interface FrameRecord {
  prefix: string;
  frame: Frame;
  generations: Generation[];
  detached: boolean;
}

/** Facts about a frame's live document, read in the same call as a ref check. */
export interface LiveDocument {
  docId: string;
  url: string;
}

export class FrameRegistry {
  private readonly byFrame = new Map<Frame, FrameRecord>();
  private readonly byPrefix = new Map<string, FrameRecord>();
  private nextFrameNumber = 1;

  constructor(private readonly page: Page) {
    page.on('framedetached', frame => {
      const record = this.byFrame.get(frame);
      if (record) record.detached = true;
    });
  }

  /** The ref prefix of a frame, assigned on first sight: '' for the main frame. */
  prefixOf(frame: Frame): string {
    return this.recordOf(frame).prefix;
  }

  /** The live frame that owns refs with this prefix, if it is still attached. */
  frameFor(prefix: string): Frame | undefined {
    if (prefix === '') return this.page.mainFrame();
    const record = this.byPrefix.get(prefix);
    return record && !record.detached && !record.frame.isDetached() ? record.frame : undefined;
  }

  /** The seed for the next snapshot of this frame: the highest ref number issued in it so far. */
  seedFor(frame: Frame): number {
    const generations = this.recordOf(frame).generations;
    return generations.length ? generations[generations.length - 1]!.lastRef : 0;
  }

  /** Records a snapshot's document: a new docId starts a new generation. */
  recordSnapshot(frame: Frame, result: { docId: string; lastRef: number; url: string }): void {
    const record = this.recordOf(frame);
    const mainDocId = frame === this.page.mainFrame() ? result.docId : this.currentMainDocId();
    const current = record.generations[record.generations.length - 1];
    if (current && current.docId === result.docId) {
      current.lastRef = Math.max(current.lastRef, result.lastRef);
      current.url = result.url;
      current.mainDocId = mainDocId;
      return;
    }
    record.generations.push({ docId: result.docId, url: result.url, lastRef: result.lastRef, mainDocId });
  }

  /**
   * When `ref` was issued in an earlier document than the one now live in its frame, the
   * error that explains it; undefined when the ref is not known to be stale.
   */
  staleRefMessage(ref: ParsedRef, live: LiveDocument): string | undefined {
    const record = this.byPrefix.get(ref.prefix);
    const generation = record && generationOf(record, ref.number);
    if (!record || !generation || generation.docId === live.docId) return undefined;
    const who = ref.prefix === '' ? 'the page' : `its frame (${ref.prefix})`;
    return `Ref ${ref.ref} belonged to ${generation.url} before ${who} navigated to ${live.url}. Take a new snapshot.`;
  }

  /**
   * The error for a ref whose frame is gone (iframe removed, or the page navigated away),
   * or that was never issued in this tab.
   */
  missingFrameMessage(ref: ParsedRef, liveMain: LiveDocument | undefined): string {
    const record = this.byPrefix.get(ref.prefix);
    const generation = record && generationOf(record, ref.number);
    if (!record || !generation)
      return `Ref ${ref.ref} is not from a snapshot of this tab (no frame ${ref.prefix} was seen). Take a new snapshot and use a ref from it.`;
    if (liveMain && generation.mainDocId && generation.mainDocId !== liveMain.docId)
      return `Ref ${ref.ref} belonged to ${generation.url} before the page navigated to ${liveMain.url}. Take a new snapshot.`;
    return `Ref ${ref.ref} belonged to a frame (${generation.url}) that is no longer on the page. Take a new snapshot.`;
  }

  private currentMainDocId(): string | undefined {
    const generations = this.byFrame.get(this.page.mainFrame())?.generations;
    return generations?.[generations.length - 1]?.docId;
  }

  private recordOf(frame: Frame): FrameRecord {
    let record = this.byFrame.get(frame);
    if (record) return record;
    const prefix = frame === this.page.mainFrame() ? '' : `f${this.nextFrameNumber++}`;
    record = { prefix, frame, generations: [], detached: false };
    this.byFrame.set(frame, record);
    this.byPrefix.set(prefix, record);
    return record;
  }
}

/** The generation whose ref range holds `refNumber` (ranges grow with each generation). */
function generationOf(record: FrameRecord, refNumber: number): Generation | undefined {
  return record.generations.find(generation => refNumber <= generation.lastRef);
}
