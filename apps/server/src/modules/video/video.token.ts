import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { mediaSecrets } from './video.tables.js';

/** What a play token names: the stream (serial and camera), its expiry (epoch ms) and the user it was issued to. */
export type PlayClaims = { serial: string; camera: string; exp: number; userId: number };

/**
 * The play token `t` (docs/video.md): `<payload>.<mac>`, both base64url; the payload is the JSON
 * `{s, c, e, u}` (serial, camera, expiry in epoch ms, user id), the MAC its HMAC-SHA256 with the
 * media secret. Compact enough for a query string, checked without a database read.
 */
export function signPlayToken(secret: Buffer, claims: PlayClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ s: claims.serial, c: claims.camera, e: claims.exp, u: claims.userId }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The token's claims when its MAC is right (compared in constant time) and it has not expired; else null. */
export function verifyPlayToken(secret: Buffer, token: string, now = Date.now()): PlayClaims | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = mac(secret, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof v.s !== 'string' || typeof v.c !== 'string' || typeof v.e !== 'number' || typeof v.u !== 'number')
      return null;
    if (v.e <= now) return null;
    return { serial: v.s, camera: v.c, exp: v.e, userId: v.u };
  } catch {
    return null;
  }
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * The media secret: MEDIA_SECRET when set, else the one kept in the database, written once by the
 * first instance that needs it (the others read the same row).
 */
export async function loadMediaSecret(db: Db, configured: string | null): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insert(mediaSecrets)
    .values({ id: 1, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(mediaSecrets).where(eq(mediaSecrets.id, 1));
  return Buffer.from(row!.secret, 'base64url');
}
