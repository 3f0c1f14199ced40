import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { readToken, signToken } from '../../platform/signed-token.js';
import { mediaSecrets } from './video.tables.js';

/** What a play token names: the stream (serial and camera), its expiry (epoch ms) and the user it was issued to. */
export type PlayClaims = { serial: string; camera: string; exp: number; userId: number };

/**
 * The play token `t` (docs/video.md): `<payload>.<mac>`, both base64url; the payload is the JSON
 * `{s, c, e, u}` (serial, camera, expiry in epoch ms, user id), the MAC its HMAC-SHA256 with the
 * media secret. Compact enough for a query string, checked without a database read.
 */
export function signPlayToken(secret: Buffer, claims: PlayClaims): string {
  return signToken(secret, { s: claims.serial, c: claims.camera, e: claims.exp, u: claims.userId });
}

/** The token's claims when its MAC is right (compared in constant time) and it has not expired; else null. */
export function verifyPlayToken(secret: Buffer, token: string, now = Date.now()): PlayClaims | null {
  const v = readToken(secret, token);
  if (!v || typeof v.s !== 'string' || typeof v.c !== 'string' || typeof v.e !== 'number' || typeof v.u !== 'number')
    return null;
  if (v.e <= now) return null;
  return { serial: v.s, camera: v.c, exp: v.e, userId: v.u };
}

/**
 * The media secret: MEDIA_SECRET when set, else the one kept in the database, written once by the
 * first instance that needs it (the others read the same row).
 */
export async function loadMediaSecret(db: Db, configured: string | null): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const stored = async () => (await db.select().from(mediaSecrets).where(eq(mediaSecrets.id, 1)))[0];
  // Look first: every start after the first finds it.
  let row = await stored();
  if (!row) {
    await db
      .insert(mediaSecrets)
      .values({ id: 1, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    row = await stored();
  }
  return Buffer.from(row!.secret, 'base64url');
}
