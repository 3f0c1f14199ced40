import { AUDIO_FILE_MAX_BYTES } from '@patrol/contracts';

/** How many first bytes tell an MP3 file. */
export const SNIFF_BYTES = 4;

/**
 * Whether the first bytes are those of an MP3 file: an ID3v2 tag ("ID3") or an MPEG audio frame
 * sync (11 set bits: 0xFF then 0xE0–0xFF). The name is not looked at: a renamed text file is refused.
 */
export function looksLikeMp3(head: Uint8Array): boolean {
  if (head.length >= 3 && head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) return true;
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

/** Why a file is refused before it is sent, as a key of the `voice` namespace; null when it may go. */
export type Refusal = 'upload.notMp3' | 'upload.tooLarge' | 'upload.duplicate' | 'upload.empty';

/** A blob's bytes (through FileReader where `Blob.arrayBuffer` is missing). */
export function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

function readHead(file: Blob): Promise<Uint8Array> {
  return readBytes(file.slice(0, SNIFF_BYTES));
}

/** The checks on one file by itself: not empty, at most 50 MB, MP3 by its content. */
export async function checkAudioFile(file: Blob): Promise<Refusal | null> {
  if (file.size === 0) return 'upload.empty';
  if (file.size > AUDIO_FILE_MAX_BYTES) return 'upload.tooLarge';
  return looksLikeMp3(await readHead(file)) ? null : 'upload.notMp3';
}

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What makes two files the same in the upload list: the SHA-256 of the content, or name and size
 * where the browser has no `crypto.subtle` (plain-http LAN addresses).
 */
export async function duplicateKey(file: File, subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null) {
  if (subtle) {
    try {
      return `sha256:${hex(await subtle.digest('SHA-256', new Uint8Array(await readBytes(file))))}`;
    } catch {
      // Falls back to name and size below.
    }
  }
  return `name:${file.name}:${file.size}`;
}

/**
 * Whether a file may join the upload list: its own checks first, then no file of the same content
 * twice (`taken`: the keys of the files in the list, read once the file's own key is known, so two
 * files dropped together are told apart). Answers the refusal, or the file's key.
 */
export async function admitFile(
  file: File,
  taken: () => ReadonlySet<string>,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<{ refusal: Refusal } | { key: string }> {
  const refusal = await checkAudioFile(file);
  if (refusal) return { refusal };
  const key = await duplicateKey(file, subtle);
  return taken().has(key) ? { refusal: 'upload.duplicate' } : { key };
}
