import { createHash, randomBytes, randomInt, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { newPassword } from '@patrol/contracts';

/**
 * Passwords never reach the server in clear: the browser sends the SHA-256 hex digest of what the
 * user typed (contracts `passwordDigest`). The server keeps a slow salted hash of that digest:
 * `scrypt$<logN>$<r>$<p>$<salt>$<hash>` (salt and hash base64url), so the cost can be raised later
 * and old hashes still verify.
 */
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const options = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  // Node's default limit (32 MiB) is just below what N=2^15, r=8 needs.
  maxmem: 256 * 2 ** logN * r * p + 1024 * 1024,
});

/** Lowercase SHA-256 hex digest, as the browser computes it from the typed password. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Hashes a password digest for storage. */
export async function hashPassword(digest: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(digest, salt, KEY_LENGTH, options(logN, BLOCK_SIZE, PARALLELISM));
  return ['scrypt', logN, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Checks a digest against a stored hash in constant time; a malformed stored value never matches. */
export async function verifyPassword(digest: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 20) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await scryptAsync(digest, salt, expected.length, options(logN, r, p));
  return timingSafeEqual(actual, expected);
}

const dummies = new Map<number, Promise<string>>();

/** The stored hash that unknown accounts are checked against; made once per cost, ahead of time. */
export function prepareDummyPassword(logN: number): Promise<string> {
  let dummy = dummies.get(logN);
  if (!dummy) {
    dummy = hashPassword(sha256Hex(randomBytes(16).toString('hex')), logN);
    dummies.set(logN, dummy);
  }
  return dummy;
}

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown account, so the
 * answer time does not tell which accounts exist.
 */
export async function verifyDummyPassword(digest: string, logN: number): Promise<false> {
  await verifyPassword(digest, await prepareDummyPassword(logN));
  return false;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random 14-character password that satisfies the console's own password rule. */
export function generatePassword(length = 14): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (/[0-9]/.test(out) && /[A-Z]/.test(out) && /[a-z]/.test(out) && newPassword.safeParse(out).success) return out;
  }
}
