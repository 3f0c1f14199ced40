/**
 * G.711 A-law (PCMA), the codec of live announcements: 16-bit linear PCM to 8-bit A-law and back,
 * by tables built once (ITU-T G.711, with the even bits inverted: 0x55).
 */

/** A-law byte → 16-bit linear sample. */
export const ALAW_TO_LINEAR: Int16Array = (() => {
  const table = new Int16Array(256);
  for (let i = 0; i < 256; i++) {
    const a = i ^ 0x55;
    const exponent = (a & 0x70) >> 4;
    let magnitude = ((a & 0x0f) << 4) + 8;
    if (exponent !== 0) magnitude = (magnitude + 0x100) << (exponent - 1);
    table[i] = a & 0x80 ? magnitude : -magnitude;
  }
  return table;
})();

/** 16-bit linear sample (offset by 32768) → A-law byte. */
const LINEAR_TO_ALAW: Uint8Array = (() => {
  const table = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) table[i] = encodeSample(i - 32768);
  return table;
})();

function encodeSample(sample: number): number {
  let sign = 0x80;
  let value = sample;
  if (value < 0) {
    sign = 0;
    value = -value - 1;
  }
  value = Math.min(value, 32767) >> 3;
  let exponent = 0;
  if (value >= 0x20) {
    exponent = 1;
    while (value >= 0x40 && exponent < 7) {
      value >>= 1;
      exponent++;
    }
  }
  const mantissa = exponent === 0 ? value >> 1 : (value >> 1) & 0x0f;
  return (sign | (exponent << 4) | mantissa) ^ 0x55;
}

/** One sample to A-law. */
export function alawEncodeSample(sample: number): number {
  const clamped = Math.max(-32768, Math.min(32767, Math.round(sample)));
  return LINEAR_TO_ALAW[clamped + 32768]!;
}

/** 16-bit samples to A-law bytes. */
export function alawEncode(samples: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = alawEncodeSample(samples[i]!);
  return out;
}

/** A-law bytes to 16-bit samples. */
export function alawDecode(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = ALAW_TO_LINEAR[bytes[i]!]!;
  return out;
}

/** RMS of 16-bit samples in dBFS (full scale 32768), bounded to [-200, 0]; -100 for silence. */
export function rmsDbfs(sumOfSquares: number, count: number): number {
  if (count === 0 || sumOfSquares === 0) return -100;
  const rms = Math.sqrt(sumOfSquares / count) / 32768;
  return Math.max(-200, Math.min(0, 20 * Math.log10(rms)));
}
