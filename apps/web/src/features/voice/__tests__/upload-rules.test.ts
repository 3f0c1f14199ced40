import { describe, expect, it } from 'vitest';
import { AUDIO_FILE_MAX_BYTES } from '@patrol/contracts';
import { admitFile, checkAudioFile, duplicateKey, looksLikeMp3 } from '../upload-rules';

const ID3 = [0x49, 0x44, 0x33, 0x04];
const FRAME = [0xff, 0xfb, 0x90, 0x64];

function file(bytes: number[], name = 'a.mp3', size?: number): File {
  const content = new Uint8Array(size ?? bytes.length);
  content.set(bytes);
  return new File([content], name, { type: 'audio/mpeg' });
}

describe('MP3 sniffing', () => {
  it('knows an MP3 by an ID3 tag or an MPEG frame sync, not by its name', () => {
    expect(looksLikeMp3(new Uint8Array(ID3))).toBe(true);
    expect(looksLikeMp3(new Uint8Array(FRAME))).toBe(true);
    expect(looksLikeMp3(new Uint8Array([0xff, 0xf3, 0, 0]))).toBe(true);
    expect(looksLikeMp3(new Uint8Array([0xff, 0xe2, 0, 0]))).toBe(true);
    expect(looksLikeMp3(new TextEncoder().encode('hello'))).toBe(false);
    expect(looksLikeMp3(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(false); // a JPEG
    expect(looksLikeMp3(new Uint8Array([0x49, 0x44]))).toBe(false);
    expect(looksLikeMp3(new Uint8Array([]))).toBe(false);
  });

  it('refuses a text file renamed .mp3', async () => {
    const renamed = new File(['just some words'], 'song.mp3', { type: 'audio/mpeg' });
    expect(await checkAudioFile(renamed)).toBe('upload.notMp3');
    expect(await checkAudioFile(file(ID3))).toBeNull();
    expect(await checkAudioFile(file(FRAME, 'named.txt'))).toBeNull();
  });

  it('refuses a file of 50 MB and one byte, and takes one of exactly 50 MB', async () => {
    expect(await checkAudioFile(file(FRAME, 'big.mp3', AUDIO_FILE_MAX_BYTES + 1))).toBe('upload.tooLarge');
    expect(await checkAudioFile(file(FRAME, 'max.mp3', AUDIO_FILE_MAX_BYTES))).toBeNull();
  });

  it('refuses an empty file', async () => {
    expect(await checkAudioFile(new File([], 'empty.mp3'))).toBe('upload.empty');
  });
});

describe('duplicates in the upload list', () => {
  it('tells the same content under another name by its SHA-256', async () => {
    const a = file([...ID3, 1, 2, 3], 'a.mp3');
    const b = file([...ID3, 1, 2, 3], 'b.mp3');
    const c = file([...ID3, 1, 2, 4], 'a.mp3');
    const key = await duplicateKey(a);
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await duplicateKey(b)).toBe(key);
    expect(await duplicateKey(c)).not.toBe(key);
  });

  it('falls back to name and size without crypto.subtle', async () => {
    const a = file([...ID3, 1], 'a.mp3');
    expect(await duplicateKey(a, null)).toBe('name:a.mp3:5');
    expect(await duplicateKey(file([...ID3, 2], 'a.mp3'), null)).toBe('name:a.mp3:5');
  });

  it('admits a file once; the second copy is refused, a refused file is never hashed against the list', async () => {
    const taken = new Set<string>();
    const first = await admitFile(file([...ID3, 9], 'one.mp3'), () => taken);
    expect('key' in first).toBe(true);
    if ('key' in first) taken.add(first.key);
    expect(await admitFile(file([...ID3, 9], 'copy.mp3'), () => taken)).toEqual({ refusal: 'upload.duplicate' });
    expect(await admitFile(new File(['text'], 'x.mp3'), () => taken)).toEqual({ refusal: 'upload.notMp3' });
    const other = await admitFile(file([...ID3, 8], 'two.mp3'), () => taken);
    expect('key' in other).toBe(true);
  });
});
