import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 hex digest of a typed password, as the API expects it. A library and not
 * `crypto.subtle`: browsers leave `crypto.subtle` out on plain-http LAN addresses, where consoles
 * of robot sites often run.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
