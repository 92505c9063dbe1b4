/**
 * The mouse pointer the engine paints into screenshots and live-view frames. It exists only in those images:
 * the page never gets an element, a style or a layout change for it.
 */

// A classic arrow: B = outline, W = fill, . = transparent. The hot spot is the top-left pixel.
const ARROW = [
  'B...........',
  'BB..........',
  'BWB.........',
  'BWWB........',
  'BWWWB.......',
  'BWWWWB......',
  'BWWWWWB.....',
  'BWWWWWWB....',
  'BWWWWWWWB...',
  'BWWWWWWWWB..',
  'BWWWWWWWWWB.',
  'BWWWWWWBBBBB',
  'BWWWBWWB....',
  'BWWBBWWB....',
  'BWB..BWWB...',
  'BB...BWWB...',
  'B.....BWWB..',
  '......BWWB..',
  '.......BB...',
];

export const POINTER_WIDTH = ARROW[0]!.length;
export const POINTER_HEIGHT = ARROW.length;

const OUTLINE = [0, 0, 0];
const FILL = [255, 255, 255];

/**
 * Paints the arrow with its hot spot at (x, y) into raw interleaved pixels (3 or 4 channels), clipped to the image.
 * Returns how many pixels were painted.
 */
export function drawPointer(pixels: Uint8Array, width: number, height: number, channels: number, x: number, y: number): number {
  let painted = 0;
  for (let row = 0; row < POINTER_HEIGHT; row++) {
    const py = y + row;
    if (py < 0 || py >= height) continue;
    const line = ARROW[row]!;
    for (let col = 0; col < POINTER_WIDTH; col++) {
      const px = x + col;
      if (px < 0 || px >= width) continue;
      const cell = line[col];
      if (cell === '.') continue;
      const rgb = cell === 'B' ? OUTLINE : FILL;
      const at = (py * width + px) * channels;
      pixels[at] = rgb[0]!;
      pixels[at + 1] = rgb[1]!;
      pixels[at + 2] = rgb[2]!;
      if (channels === 4) pixels[at + 3] = 255;
      painted++;
    }
  }
  return painted;
}

/** Where the pointer lands in an image of `imageWidth` pixels showing a `screenWidth`-wide screen. */
export function scalePoint(p: { x: number; y: number }, imageWidth: number, screenWidth: number): { x: number; y: number } {
  const k = screenWidth > 0 ? imageWidth / screenWidth : 1;
  return { x: Math.round(p.x * k), y: Math.round(p.y * k) };
}
