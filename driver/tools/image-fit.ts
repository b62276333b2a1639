// Makes an inline screenshot (PNG, JPEG or WebP) fit what MCP clients accept: longest edge <= 1568 px (beyond that
// models downscale anyway) and under ~1 MB once base64-encoded. The full-size image is saved to
// disk separately; this only shapes the copy sent in the response. Downscaling uses Chromium's
// own capture with a clip scale (no image library needed).
import type { Page } from 'playwright';

export const MAX_EDGE_PX = 1568;
/** Raw bytes: base64 adds a third, so this stays below 1 MB on the wire. */
export const MAX_BYTES = 740_000;

export interface ImageSize { width: number; height: number }

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** Pixel size from a PNG, JPEG or WebP header; undefined for anything else. */
export function imageSize(buffer: Buffer): ImageSize | undefined {
  if (buffer.length > 24 && buffer.readUInt32BE(0) === 0x89504e47)
    return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
  if (buffer.length > 30 && buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP')
    return webpSize(buffer);
  if (buffer.length > 4 && buffer[0] === 0xff && buffer[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < buffer.length) {
      if (buffer[offset] !== 0xff) return undefined;
      const marker = buffer[offset + 1];
      const length = buffer.readUInt16BE(offset + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { height: buffer.readUInt16BE(offset + 5), width: buffer.readUInt16BE(offset + 7) };
      offset += 2 + length;
    }
  }
  return undefined;
}

/** The canvas size of a WebP file: extended (VP8X), lossy (VP8) and lossless (VP8L) layouts. */
function webpSize(buffer: Buffer): ImageSize | undefined {
  switch (buffer.toString('latin1', 12, 16)) {
    case 'VP8X': return { width: buffer.readUIntLE(24, 3) + 1, height: buffer.readUIntLE(27, 3) + 1 };
    case 'VP8 ': return { width: buffer.readUInt16LE(26) & 0x3fff, height: buffer.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      const bits = buffer.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  return undefined;
}

export function fits(buffer: Buffer): boolean {
  const size = imageSize(buffer);
  return buffer.length <= MAX_BYTES && !!size && Math.max(size.width, size.height) <= MAX_EDGE_PX;
}

/** The region of the screenshot in CSS pixels, relative to the viewport (as boundingBox gives it). */
export interface Region { x: number; y: number; width: number; height: number }
export type Capture = { kind: 'viewport' } | { kind: 'fullPage' } | { kind: 'region'; region: Region };

export interface FittedImage { data: Buffer; mimeType: `image/${ImageFormat}`; note?: string }

async function captureScaled(page: Page, capture: Capture, format: ImageFormat, quality: number | undefined, maxEdge: number): Promise<Buffer> {
  const session = await page.context().newCDPSession(page);
  try {
    const metrics = await session.send('Page.getLayoutMetrics') as any;
    const view = metrics.cssVisualViewport;
    const content = metrics.cssContentSize;
    // CDP clips are in document coordinates: viewport-relative boxes get the scroll offset added.
    const clip = capture.kind === 'fullPage'
      ? { x: 0, y: 0, width: content.width, height: content.height }
      : capture.kind === 'viewport'
        ? { x: view.pageX, y: view.pageY, width: view.clientWidth, height: view.clientHeight }
        : { x: capture.region.x + view.pageX, y: capture.region.y + view.pageY, width: capture.region.width, height: capture.region.height };
    const scale = Math.min(1, maxEdge / Math.max(clip.width, clip.height, 1));
    const result = await session.send('Page.captureScreenshot', {
      format, quality, captureBeyondViewport: true, clip: { ...clip, scale },
    }) as { data: string };
    return Buffer.from(result.data, 'base64');
  } finally {
    await session.detach().catch(() => {});
  }
}

/** Returns `original` when it already fits, else a smaller capture of the same region. */
export async function fitForClients(page: Page, original: Buffer, capture: Capture, format: ImageFormat): Promise<FittedImage> {
  const mime = (f: ImageFormat): FittedImage['mimeType'] => `image/${f}`;
  if (fits(original)) return { data: original, mimeType: mime(format) };
  const attempts: Array<{ format: ImageFormat; quality?: number; edge: number }> = [
    { format, quality: format === 'png' ? undefined : 80, edge: MAX_EDGE_PX },
    { format: 'jpeg', quality: 70, edge: MAX_EDGE_PX },
    { format: 'jpeg', quality: 50, edge: 1200 },
    { format: 'jpeg', quality: 40, edge: 800 },
  ];
  try {
    for (const attempt of attempts) {
      const data = await captureScaled(page, capture, attempt.format, attempt.quality, attempt.edge);
      if (fits(data)) {
        const size = imageSize(data)!;
        return { data, mimeType: mime(attempt.format), note: `The inline image was scaled to ${size.width}x${size.height}${attempt.format !== format ? ' JPEG' : ''} to fit client limits; the saved file is full size.` };
      }
    }
  } catch {
    // No DevTools protocol (e.g. a Playwright server of another browser): fall through.
  }
  return { data: Buffer.alloc(0), mimeType: mime(format), note: 'The screenshot is too large to send inline; open the saved file instead, or take a screenshot of one element (ref).' };
}
