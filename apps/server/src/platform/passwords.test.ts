import { newPassword } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, sha256Hex, verifyDummyPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  const digest = sha256Hex('Patrol-2024x');

  it('computes the same digest as the browser (lowercase SHA-256 hex)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('stores scrypt parameters, salt and hash in one string, salted differently each time', async () => {
    const a = await hashPassword(digest, 10);
    const b = await hashPassword(digest, 10);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(digest);
  });

  it('verifies the right digest and refuses others', async () => {
    const stored = await hashPassword(digest, 10);
    expect(await verifyPassword(digest, stored)).toBe(true);
    expect(await verifyPassword(sha256Hex('other'), stored)).toBe(false);
  });

  it('verifies hashes made with another cost', async () => {
    expect(await verifyPassword(digest, await hashPassword(digest, 11))).toBe(true);
  });

  it('never matches a malformed stored value', async () => {
    for (const stored of ['', 'plain', 'scrypt$10$8$1$$', 'bcrypt$1$2$3$4$5', 'scrypt$99$8$1$abc$def']) {
      expect(await verifyPassword(digest, stored)).toBe(false);
    }
  });

  it('has a dummy check for unknown accounts that always fails', async () => {
    expect(await verifyDummyPassword(digest, 10)).toBe(false);
  });
});

describe('generated passwords', () => {
  it('always satisfy the console password rule', () => {
    for (let i = 0; i < 500; i++) {
      const pw = generatePassword();
      expect(newPassword.safeParse(pw).success, pw).toBe(true);
      expect(pw).toHaveLength(14);
    }
  });
});
