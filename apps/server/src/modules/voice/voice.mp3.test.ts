import { describe, expect, it } from 'vitest';
import { frameRun, tone } from '../../../test/fixtures/audio/ffmpeg.js';
import { frameHeader, readMp3 } from './voice.mp3.js';

describe('MP3 by its frames', () => {
  it('reads a constant-bitrate file with its Info header', async () => {
    const info = readMp3(await tone({ seconds: 3, kbps: 128 }))!;
    expect(info).toMatchObject({ sampleRate: 44100, channels: 1, version: 1, bitrate: 128, fromHeader: true });
    expect(info.durationMs).toBe(3000);
  });

  it('walks every frame when there is no Xing/Info header', async () => {
    const info = readMp3(await tone({ seconds: 3, kbps: 128, noXing: true }))!;
    expect(info.fromHeader).toBe(false);
    // 116 frames of 1152 samples: the sound and what the encoder adds around it.
    expect(info.frames).toBe(116);
    expect(info.durationMs).toBe(Math.round((116 * 1152 * 1000) / 44100));
    expect(info.bitrate).toBe(128);
  });

  it('reads a variable-bitrate stereo file from its Xing header', async () => {
    const info = readMp3(await tone({ seconds: 5, vbr: 4, channels: 2 }))!;
    expect(info).toMatchObject({ channels: 2, sampleRate: 44100, fromHeader: true, durationMs: 5000 });
    expect(info.bitrate).toBeGreaterThan(8);
    expect(info.bitrate).toBeLessThan(128);
  });

  it('skips an ID3v2 tag at the start and an ID3v1 tag at the end', async () => {
    const bytes = await tone({ seconds: 2, sampleRate: 22050, title: 'Gate announcement' });
    expect(bytes.toString('latin1', 0, 3)).toBe('ID3');
    expect(bytes.toString('latin1', bytes.length - 128, bytes.length - 125)).toBe('TAG');
    const info = readMp3(bytes)!;
    expect(info).toMatchObject({ version: 2, sampleRate: 22050, durationMs: 2000, bitrate: 128 });
  });

  it('reads MPEG 2.5 at 8 kHz', async () => {
    const info = readMp3(await tone({ seconds: 2, sampleRate: 8000, kbps: 32, noXing: true }))!;
    expect(info).toMatchObject({ version: 2.5, sampleRate: 8000, bitrate: 32 });
    expect(info.durationMs).toBe(Math.round((info.frames * 576 * 1000) / 8000));
  });

  it('skips a trailing APE tag', () => {
    const ape = Buffer.alloc(64);
    ape.write('APETAGEX', 0, 'latin1');
    ape.write('APETAGEX', 32, 'latin1');
    ape.writeUInt32LE(32, 32 + 12);
    ape.writeUInt32LE(0x80000000, 32 + 20);
    ape.writeUInt32LE(0x80000000, 12 + 8);
    const info = readMp3(Buffer.concat([frameRun(10), ape]))!;
    expect(info.frames).toBe(10);
    expect(info.bitrate).toBe(128);
  });

  it('reads the 576-byte frames the size tests are built from', () => {
    expect(frameHeader(frameRun(1), 0)).toMatchObject({ version: 1, bitrate: 128, sampleRate: 32000, length: 576 });
    const info = readMp3(frameRun(1000, true))!;
    expect(info).toMatchObject({ frames: 1000, durationMs: 36000, bitrate: 128, sampleRate: 32000 });
  });

  it('refuses text, WAV, and files cut short of a few frames', async () => {
    expect(readMp3(Buffer.from('This is not music, only a text file named song.mp3\n'.repeat(200)))).toBeNull();
    expect(readMp3(await tone({ seconds: 1, format: 'wav' }))).toBeNull();
    expect(readMp3(Buffer.alloc(0))).toBeNull();
    const whole = await tone({ seconds: 1, kbps: 128, noXing: true });
    expect(readMp3(whole.subarray(0, 1000))).toBeNull();
    expect(readMp3(frameRun(3))).toBeNull();
    expect(readMp3(frameRun(4))).not.toBeNull();
    // A header alone, its frame missing.
    expect(readMp3(frameRun(1).subarray(0, 4))).toBeNull();
  });

  it('refuses Layer I/II and free-format frames', () => {
    const layer2 = frameRun(8);
    for (let i = 0; i < 8; i++) layer2[i * 576 + 1] = 0xfd;
    expect(readMp3(layer2)).toBeNull();
    const free = frameRun(8);
    for (let i = 0; i < 8; i++) free[i * 576 + 2] = 0x08;
    expect(readMp3(free)).toBeNull();
  });
});
