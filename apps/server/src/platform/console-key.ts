import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { importPKCS8, SignJWT } from 'jose';
import { FIRE_AUTHORIZATION_TTL_S, type FireAuthorizationClaims } from '@patrol/contracts';
import type { DbOrTx } from './db.js';
import { consoleKeys } from './platform.tables.js';

const KEY_ID = 1;

/** The console's signing key: its public key (SPKI PEM) for robots, and the fire authorisations it signs. */
export type ConsoleKey = {
  publicKeyPem: string;
  /** A fire authorisation (compact JWS, EdDSA) for one gun event of one robot, valid FIRE_AUTHORIZATION_TTL_S. */
  signFireAuthorization(input: {
    serial: string;
    alarm: string;
    operatorId: number;
    operatorName: string;
    now?: number;
  }): Promise<{ token: string; claims: FireAuthorizationClaims }>;
};

/**
 * Loads the console's key, making it on the first start. Instances starting together all insert
 * theirs if none is there; the first one wins and every instance reads back the same key.
 */
export async function loadConsoleKey(db: DbOrTx): Promise<ConsoleKey> {
  const stored = async () => (await db.select().from(consoleKeys).where(eq(consoleKeys.id, KEY_ID)))[0];
  // Look first: every start after the first finds the key.
  let row = await stored();
  if (!row) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    await db
      .insert(consoleKeys)
      .values({
        id: KEY_ID,
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      })
      .onConflictDoNothing({ target: consoleKeys.id });
    row = await stored();
  }
  if (!row) throw new Error('the console key could not be stored');
  const key = await importPKCS8(row.privateKeyPem, 'EdDSA');
  return {
    publicKeyPem: row.publicKeyPem,
    async signFireAuthorization(input) {
      const iat = Math.floor((input.now ?? Date.now()) / 1000);
      const claims: FireAuthorizationClaims = {
        jti: randomUUID(),
        sub: input.serial,
        alarm: input.alarm,
        op: input.operatorId,
        opName: input.operatorName.slice(0, 100),
        iat,
        exp: iat + FIRE_AUTHORIZATION_TTL_S,
      };
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).sign(key);
      return { token, claims };
    },
  };
}
