import sharp from 'sharp';
import type { ScreenshotRegion } from '../../lib/schemas/computer';
import { drawPointer, scalePoint } from './pointer';

// Frames are small and many: keep libvips from spreading one frame over both cores or caching decoded images.
sharp.concurrency(1);
sharp.cache(false);

export interface Composed {
  data: Buffer;
  width: number;
  height: number;
}

export interface ComposeOptions {
  format: 'png' | 'jpeg';
  /** Where the pointer's hot spot is, in screen (CSS) pixels; null when the pointer is hidden. */
  pointer: { x: number; y: number } | null;
  /** The screen width the image shows, to scale the pointer position into image pixels. */
  screenWidth: number;
  region?: ScreenshotRegion;
  quality?: number;
}

/**
 * Paints the pointer into a captured PNG/JPEG and optionally crops it. Without a pointer or a region the image
 * is passed through untouched (no re-encoding).
 */
export async function composeFrame(image: Buffer, o: ComposeOptions): Promise<Composed> {
  if (!o.pointer && !o.region) {
    const meta = await sharp(image).metadata();
    return { data: image, width: meta.width ?? 0, height: meta.height ?? 0 };
  }
  const { data, info } = await sharp(image, { sequentialRead: true }).raw().toBuffer({ resolveWithObject: true });
  if (o.pointer) {
    const at = scalePoint(o.pointer, info.width, o.screenWidth);
    drawPointer(data, info.width, info.height, info.channels, at.x, at.y);
  }
  let out = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  let width = info.width;
  let height = info.height;
  if (o.region) {
    out = out.extract({ left: o.region.x, top: o.region.y, width: o.region.width, height: o.region.height });
    width = o.region.width;
    height = o.region.height;
  }
  const encoded = o.format === 'png' ? out.png({ compressionLevel: 4 }) : out.jpeg({ quality: o.quality ?? 75, optimiseCoding: false });
  return { data: await encoded.toBuffer(), width, height };
}
