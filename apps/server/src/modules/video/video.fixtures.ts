import { randomUUID } from 'node:crypto';
import { MEDIA_TOKEN_AUDIENCE } from '@patrol/contracts';
import { importPKCS8, SignJWT } from 'jose';

/** For the video tests: what a robot needs to sign its tokens. */
type SigningRobot = { serial: string; privateKey: string; keyVersion: number };

/** A robot's media token: its MQTT token with the media audience (none when `audience` is empty). */
export async function mediaToken(robot: SigningRobot, options: { audience?: string; ttlS?: number } = {}) {
  const key = await importPKCS8(robot.privateKey, 'EdDSA');
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ kv: robot.keyVersion })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setJti(randomUUID())
    .setSubject(robot.serial)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlS ?? 600));
  if (options.audience !== '') jwt.setAudience(options.audience ?? MEDIA_TOKEN_AUDIENCE);
  return jwt.sign(key);
}
