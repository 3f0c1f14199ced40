import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A compact signed token for a query string, checked without a database read: `<payload>.<mac>`,
 * both base64url; the payload is JSON, the MAC its HMAC-SHA256 with the secret. Each kind of token
 * (video play, audio file) names what it grants in its own fields and checks them on reading.
 */
export function signToken(secret: Buffer, fields: Record<string, string | number>): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The token's fields when its MAC is right (compared in constant time); else null. */
export function readToken(secret: Buffer, token: string): Record<string, unknown> | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = mac(secret, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return fields && typeof fields === 'object' && !Array.isArray(fields) ? (fields as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest();
