/**
 * A time code drawn into each frame of a simulated camera, so that a test or the browser can tell
 * which moment a picture shows (history seeks, live latency) by reading the pixels of a canvas.
 *
 * The strip spans the bottom of the frame: TIMECODE_ROWS rows of TIMECODE_COLUMNS square blocks,
 * each `width / TIMECODE_COLUMNS` wide (10 px on a 320 px frame: big enough to survive H.264 at a
 * low bitrate and any scaling that keeps the aspect ratio). Each row opens with the start marker
 * (white, black) and closes with the stop marker (black, white); the cells between carry, row after
 * row, the 44 bits of the epoch milliseconds (most significant first), a CRC-8 of them and a fixed
 * pad, white for 1 and black for 0. The markers give the reader its black and white levels; the
 * CRC and the pad make a misread come back as null rather than as a wrong time.
 */

export const TIMECODE_COLUMNS = 32;
export const TIMECODE_ROWS = 2;
/** Bits of epoch milliseconds: enough until the year 2527. */
export const TIMECODE_BITS = 44;
export const TIMECODE_CHECK_BITS = 8;
/** The cells after the check bits, always this pattern. */
export const TIMECODE_PAD = [1, 0, 1, 0] as const;
/** Cells of each row's start marker (white, black) and stop marker (black, white). */
export const TIMECODE_START_MARKER = [1, 0] as const;
export const TIMECODE_STOP_MARKER = [0, 1] as const;
/** The smallest block the strip draws, px: narrower frames cannot carry the code. */
export const TIMECODE_MIN_BLOCK = 8;
/** How much brighter (0-255 luma) the markers' white must read than their black. */
export const TIMECODE_MIN_CONTRAST = 64;

const DATA_PER_ROW = TIMECODE_COLUMNS - TIMECODE_START_MARKER.length - TIMECODE_STOP_MARKER.length;
const PAYLOAD_BITS = TIMECODE_BITS + TIMECODE_CHECK_BITS + TIMECODE_PAD.length;
if (DATA_PER_ROW * TIMECODE_ROWS !== PAYLOAD_BITS) throw new Error('time code layout does not add up');

/** Where the strip lies in a frame: block size (px, may be fractional) and its top edge. */
export function timeCodeLayout(width: number, height: number): { block: number; top: number } {
  const block = width / TIMECODE_COLUMNS;
  return { block, top: height - TIMECODE_ROWS * block };
}

/** The height of the strip in a frame this wide, px (rounded up). */
export function timeCodeHeight(width: number): number {
  return Math.ceil((TIMECODE_ROWS * width) / TIMECODE_COLUMNS);
}

function crc8(bits: readonly number[]): number {
  let crc = 0;
  for (const bit of bits) {
    const top = ((crc >> 7) & 1) ^ bit;
    crc = (crc << 1) & 0xff;
    if (top) crc ^= 0x07;
  }
  return crc;
}

function timeBits(ms: number): number[] {
  const bits: number[] = [];
  let rest = ms;
  for (let i = TIMECODE_BITS - 1; i >= 0; i--) {
    const weight = 2 ** i;
    const bit = rest >= weight ? 1 : 0;
    rest -= bit * weight;
    bits.push(bit);
  }
  return bits;
}

/** Every cell of the strip, row by row (markers included). */
function cells(ms: number): number[][] {
  const data = timeBits(ms);
  const check = crc8(data);
  for (let i = TIMECODE_CHECK_BITS - 1; i >= 0; i--) data.push((check >> i) & 1);
  data.push(...TIMECODE_PAD);
  const rows: number[][] = [];
  for (let r = 0; r < TIMECODE_ROWS; r++) {
    const row = data.slice(r * DATA_PER_ROW, (r + 1) * DATA_PER_ROW);
    rows.push([...TIMECODE_START_MARKER, ...row, ...TIMECODE_STOP_MARKER]);
  }
  return rows;
}

/**
 * Draws the time code of `ms` (epoch milliseconds, whole, 0 to 2^44 - 1) into the bottom of an
 * RGB24 frame (3 bytes a pixel, rows top to bottom), over whatever was there.
 */
export function drawTimeCode(rgb: Uint8Array, width: number, height: number, ms: number): void {
  if (!Number.isInteger(ms) || ms < 0 || ms >= 2 ** TIMECODE_BITS)
    throw new RangeError(`time code out of range: ${ms}`);
  const { block, top } = timeCodeLayout(width, height);
  if (block < TIMECODE_MIN_BLOCK || top < 0)
    throw new RangeError(`frame too small for a time code: ${width}x${height}`);
  if (rgb.length < width * height * 3) throw new RangeError('frame buffer too small');
  const rows = cells(ms);
  const y0 = Math.max(0, Math.floor(top));
  for (let y = y0; y < height; y++) {
    const row = rows[Math.min(TIMECODE_ROWS - 1, Math.max(0, Math.floor((y - top) / block)))]!;
    let offset = y * width * 3;
    for (let x = 0; x < width; x++) {
      const value = row[Math.min(TIMECODE_COLUMNS - 1, Math.floor(x / block))] ? 255 : 0;
      rgb[offset] = value;
      rgb[offset + 1] = value;
      rgb[offset + 2] = value;
      offset += 3;
    }
  }
}

/**
 * Reads the time code from a frame (RGBA from a canvas by default, or RGB with `channels = 3`):
 * the mean luma around each block's centre against the level halfway between the markers' black
 * and white. Null when the markers are not there or the check fails.
 */
export function readTimeCode(
  pixels: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  channels = 4,
): number | null {
  const { block, top } = timeCodeLayout(width, height);
  if (block < 2 || top < 0 || pixels.length < width * height * channels) return null;
  const reach = Math.max(0, Math.floor(block / 4));
  const luma = (column: number, row: number): number => {
    const cx = Math.floor((column + 0.5) * block);
    const cy = Math.floor(top + (row + 0.5) * block);
    let sum = 0;
    let count = 0;
    for (let y = Math.max(0, cy - reach); y <= Math.min(height - 1, cy + reach); y++) {
      for (let x = Math.max(0, cx - reach); x <= Math.min(width - 1, cx + reach); x++) {
        const i = (y * width + x) * channels;
        sum += 0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!;
        count++;
      }
    }
    return sum / count;
  };

  const bits: number[] = [];
  for (let r = 0; r < TIMECODE_ROWS; r++) {
    const levels = Array.from({ length: TIMECODE_COLUMNS }, (_, c) => luma(c, r));
    const markers = [
      ...TIMECODE_START_MARKER.map((bit, i) => ({ bit, level: levels[i]! })),
      ...TIMECODE_STOP_MARKER.map((bit, i) => ({
        bit,
        level: levels[TIMECODE_COLUMNS - TIMECODE_STOP_MARKER.length + i]!,
      })),
    ];
    const whites = markers.filter((m) => m.bit === 1).map((m) => m.level);
    const blacks = markers.filter((m) => m.bit === 0).map((m) => m.level);
    const white = Math.min(...whites);
    const black = Math.max(...blacks);
    if (white - black < TIMECODE_MIN_CONTRAST) return null;
    const threshold = (white + black) / 2;
    for (let c = TIMECODE_START_MARKER.length; c < TIMECODE_COLUMNS - TIMECODE_STOP_MARKER.length; c++) {
      bits.push(levels[c]! > threshold ? 1 : 0);
    }
  }

  const data = bits.slice(0, TIMECODE_BITS);
  const check = bits.slice(TIMECODE_BITS, TIMECODE_BITS + TIMECODE_CHECK_BITS).reduce((n, bit) => n * 2 + bit, 0);
  const pad = bits.slice(TIMECODE_BITS + TIMECODE_CHECK_BITS);
  if (check !== crc8(data) || pad.some((bit, i) => bit !== TIMECODE_PAD[i])) return null;
  return data.reduce((n, bit) => n * 2 + bit, 0);
}
