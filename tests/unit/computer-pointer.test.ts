import { describe, expect, it } from 'vitest';
import { drawPointer, POINTER_HEIGHT, POINTER_WIDTH, scalePoint } from '../../engine/computer/pointer';

function white(width: number, height: number, channels: number) {
  return new Uint8Array(width * height * channels).fill(255);
}

describe('pointer painting', () => {
  it('paints the arrow with its hot spot at the point, outline dark and fill light', () => {
    const img = white(40, 40, 3);
    const painted = drawPointer(img, 40, 40, 3, 10, 5);
    expect(painted).toBeGreaterThan(50);
    const px = (x: number, y: number) => Array.from(img.subarray((y * 40 + x) * 3, (y * 40 + x) * 3 + 3));
    expect(px(10, 5)).toEqual([0, 0, 0]);
    expect(px(11, 8)).toEqual([255, 255, 255]);
    expect(px(9, 5)).toEqual([255, 255, 255]);
    expect(px(10 + POINTER_WIDTH, 5 + POINTER_HEIGHT)).toEqual([255, 255, 255]);
  });

  it('clips at the image edges and sets alpha on RGBA images', () => {
    const img = white(8, 8, 4).fill(0);
    const painted = drawPointer(img, 8, 8, 4, 4, 4);
    expect(painted).toBeGreaterThan(0);
    expect(painted).toBeLessThan(drawPointer(white(40, 40, 4), 40, 40, 4, 4, 4));
    expect(img[(4 * 8 + 4) * 4 + 3]).toBe(255);
    expect(drawPointer(white(8, 8, 3), 8, 8, 3, 100, 100)).toBe(0);
    expect(drawPointer(white(8, 8, 3), 8, 8, 3, -POINTER_WIDTH, -POINTER_HEIGHT)).toBe(0);
  });

  it('scales screen points into image pixels', () => {
    expect(scalePoint({ x: 100, y: 50 }, 960, 1920)).toEqual({ x: 50, y: 25 });
    expect(scalePoint({ x: 7, y: 9 }, 1024, 1024)).toEqual({ x: 7, y: 9 });
  });
});
