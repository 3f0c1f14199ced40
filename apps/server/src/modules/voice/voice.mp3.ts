/**
 * MP3 told by its content (docs/voice.md): an exact walk over MPEG audio frames (MPEG 1, 2 and 2.5,
 * Layer III), after an ID3v2 tag and before a trailing ID3v1 or APE tag. A file is MP3 when several
 * valid frames follow each other from its first one; its length comes from a Xing/Info or VBRI
 * header when the encoder wrote one, else from every frame's samples.
 */

/** Consecutive frames a file must start with to be taken as MP3. */
export const MP3_MIN_FRAMES = 4;
/** How far after the tags the first frame may start (encoders may leave a little padding). */
const FIRST_FRAME_SEARCH = 64 * 1024;

export type Mp3Info = {
  durationMs: number;
  /** Average bitrate, kbit/s. */
  bitrate: number;
  sampleRate: number;
  channels: 1 | 2;
  /** Audio frames (the Xing/Info/VBRI frame not counted). */
  frames: number;
  /** MPEG version: 1, 2 or 2.5. */
  version: 1 | 2 | 2.5;
  /** Whether the length came from a Xing/Info or VBRI header rather than a walk over every frame. */
  fromHeader: boolean;
};

type FrameHeader = {
  version: 1 | 2 | 2.5;
  bitrate: number;
  sampleRate: number;
  channels: 1 | 2;
  samples: number;
  length: number;
  crc: boolean;
};

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<1 | 2 | 2.5, number[]> = {
  1: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  2.5: [11025, 12000, 8000],
};

/** The Layer III frame header at `at`, or null when the four bytes are not one. */
export function frameHeader(buf: Buffer, at: number): FrameHeader | null {
  if (at + 4 > buf.length) return null;
  const b1 = buf[at + 1]!;
  const b2 = buf[at + 2]!;
  const b3 = buf[at + 3]!;
  if (buf[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  if (versionBits === 1) return null;
  // Layer III only.
  if (((b1 >> 1) & 3) !== 1) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // Free format (0) and the forbidden index (15) are refused, as is the reserved sample rate.
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  // The reserved emphasis.
  if ((b3 & 3) === 2) return null;
  const bitrate = (version === 1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version][rateIndex]!;
  const samples = version === 1 ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
  return {
    version,
    bitrate,
    sampleRate,
    channels: b3 >> 6 === 3 ? 1 : 2,
    samples,
    length,
    crc: (b1 & 1) === 0,
  };
}

/** The size of the ID3v2 tags at the start (several may follow each other), 0 when none. */
function id3v2Size(buf: Buffer): number {
  let at = 0;
  while (at + 10 <= buf.length && buf.toString('latin1', at, at + 3) === 'ID3') {
    const sizeBytes = buf.subarray(at + 6, at + 10);
    if (sizeBytes.some((b) => b & 0x80)) break;
    const size = (sizeBytes[0]! << 21) | (sizeBytes[1]! << 14) | (sizeBytes[2]! << 7) | sizeBytes[3]!;
    const footer = (buf[at + 5]! & 0x10) !== 0 ? 10 : 0;
    at += 10 + size + footer;
  }
  return Math.min(at, buf.length);
}

/** Where the audio ends: before a trailing ID3v1 tag and an APEv2 tag (in either order). */
function audioEnd(buf: Buffer, start: number): number {
  let end = buf.length;
  for (let changed = true; changed; ) {
    changed = false;
    if (end - 128 >= start && buf.toString('latin1', end - 128, end - 125) === 'TAG') {
      end -= 128;
      changed = true;
    }
    if (end - 32 >= start && buf.toString('latin1', end - 32, end - 24) === 'APETAGEX') {
      const size = buf.readUInt32LE(end - 20);
      const hasHeader = (buf.readUInt32LE(end - 12) & 0x80000000) !== 0;
      const total = size + (hasHeader ? 32 : 0);
      if (total >= 32 && end - total >= start) {
        end -= total;
        changed = true;
      }
    }
  }
  return end;
}

const sameStream = (a: FrameHeader, b: FrameHeader) => a.version === b.version && a.sampleRate === b.sampleRate;

/** Whether `count` whole frames of one stream follow each other from `at` (fewer when the audio ends sooner). */
function chainAt(buf: Buffer, at: number, end: number, count: number): boolean {
  const first = frameHeader(buf, at);
  if (!first || at + first.length > end) return false;
  let pos = at + first.length;
  for (let i = 1; i < count; i++) {
    const next = frameHeader(buf, pos);
    if (!next || !sameStream(first, next) || pos + next.length > end) return false;
    pos += next.length;
  }
  return true;
}

/**
 * What a Xing/Info or VBRI header in the first frame declares: the audio frames, and the samples the
 * encoder added before and after the sound (LAME's tag, after the Xing header), if it has one.
 */
function declaredFrames(buf: Buffer, at: number, h: FrameHeader): { frames: number; trim: number } | null {
  const sideInfo = h.version === 1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = buf.toString('latin1', xing, xing + 4);
  if ((tag === 'Xing' || tag === 'Info') && xing + 12 <= buf.length) {
    const flags = buf.readUInt32BE(xing + 4);
    if (!(flags & 1)) return null;
    const frames = buf.readUInt32BE(xing + 8);
    // Frames, bytes, table of contents and quality, each when its flag says so; then LAME's tag.
    const lame = xing + 8 + 4 + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
    let trim = 0;
    if (lame + 24 <= at + h.length && /^(LAME|Lavc|Lavf|L3.9)/.test(buf.toString('latin1', lame, lame + 4))) {
      const d = buf.readUIntBE(lame + 21, 3);
      trim = (d >> 12) + (d & 0xfff);
    }
    return { frames, trim: trim < frames * h.samples ? trim : 0 };
  }
  const vbri = at + 4 + 32;
  if (vbri + 18 <= buf.length && buf.toString('latin1', vbri, vbri + 4) === 'VBRI')
    return { frames: buf.readUInt32BE(vbri + 14), trim: 0 };
  return null;
}

/** Whether the first frame is a Xing/Info or VBRI frame (a header, not audio). */
function isInfoFrame(buf: Buffer, at: number, h: FrameHeader): boolean {
  const sideInfo = h.version === 1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17;
  const tag = buf.toString('latin1', at + 4 + sideInfo, at + 8 + sideInfo);
  return tag === 'Xing' || tag === 'Info' || buf.toString('latin1', at + 36, at + 40) === 'VBRI';
}

/**
 * Reads an MP3 file's length, bitrate and sample rate from its frames; null when it is not MP3
 * (no run of MP3_MIN_FRAMES valid frames at its start, e.g. text, WAV or a file cut short).
 */
export function readMp3(buf: Buffer): Mp3Info | null {
  const tagEnd = id3v2Size(buf);
  const end = audioEnd(buf, tagEnd);
  let first = -1;
  const searchEnd = Math.min(end, tagEnd + FIRST_FRAME_SEARCH);
  for (let at = tagEnd; at < searchEnd; at++) {
    if (buf[at] === 0xff && chainAt(buf, at, end, MP3_MIN_FRAMES)) {
      first = at;
      break;
    }
  }
  if (first < 0) return null;
  const head = frameHeader(buf, first)!;
  const info = isInfoFrame(buf, first, head);
  const declared = info ? declaredFrames(buf, first, head) : null;

  let frames = 0;
  /** Samples of the sound (without what the encoder added), and of every frame. */
  let samples = 0;
  let frameSamples = 0;
  let audioBytes = 0;
  if (declared && declared.frames > 0) {
    frames = declared.frames;
    frameSamples = declared.frames * head.samples;
    samples = frameSamples - declared.trim;
    audioBytes = end - first - head.length;
  } else {
    // Every frame, resynchronising past damaged bytes on the next run of valid frames.
    let pos = info ? first + head.length : first;
    while (pos + 4 <= end) {
      const h = frameHeader(buf, pos);
      if (h && sameStream(head, h) && pos + h.length <= end) {
        frames++;
        frameSamples += h.samples;
        audioBytes += h.length;
        pos += h.length;
        continue;
      }
      let next = pos + 1;
      while (next + 4 <= end && !(buf[next] === 0xff && chainAt(buf, next, end, 2))) next++;
      pos = next;
    }
  }
  if (frames < 1) return null;
  if (!(declared && declared.frames > 0)) samples = frameSamples;
  return {
    durationMs: Math.round((samples / head.sampleRate) * 1000),
    bitrate: Math.round((audioBytes * 8) / (frameSamples / head.sampleRate) / 1000),
    sampleRate: head.sampleRate,
    channels: head.channels,
    frames,
    version: head.version,
    fromHeader: !!declared && declared.frames > 0,
  };
}
