import { describe, expect, it } from 'vitest';
import {
  generateTemporaryPassword,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('hashes with Argon2id at the chosen cost (19 MiB, 2 iterations, parallelism 1)', async () => {
    const stored = await hashPassword('una clave cualquiera');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'una clave cualquiera')).toBe(true);
    expect(await verifyPassword(stored, 'otra clave')).toBe(false);
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('recognises the most common passwords, in any case', () => {
    for (const p of ['password', '12345678', 'Qwerty123', 'contraseña', 'aaaaaaaaaa', 'iloveyou']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(isCommonPassword('mi perro se llama Toby 2026')).toBe(false);
  });

  it('generates distinct temporary passwords without look-alike characters', () => {
    const a = generateTemporaryPassword();
    expect(a).toHaveLength(14);
    expect(a).not.toMatch(/[0O1lI]/);
    expect(generateTemporaryPassword()).not.toBe(a);
    expect(isCommonPassword(a)).toBe(false);
  });
});
