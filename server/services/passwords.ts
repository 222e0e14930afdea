import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../common/constants';

// Argon2id, 19 MiB, 2 iterations, parallelism 1: OWASP's minimum, about 50 ms on a small server.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('appa-dummy-password-for-timing');
  return dummyHash;
}

const SPANISH_COMMON = [
  'contraseña',
  'contrasena',
  'contraseña1',
  'contrasena1',
  'contraseña123',
  'contrasena123',
  'password1',
  'password123',
  'qwerty123',
  'bienvenido',
  'bienvenido1',
  'bienvenido123',
  'temporal',
  'temporal1',
  'temporal123',
  'cambiar123',
  'cambiame',
  'cambiame123',
  'appa2024',
  'appa2025',
  'appa2026',
  'sistemaappa',
  'administrador',
  'admin123',
  'admin1234',
  'peru1234',
  'mexico123',
  'colombia123',
  'chile1234',
  'teamo123',
];

let common: Set<string> | undefined;

/** True for one of the most common passwords (49,000 known leaked ones plus Spanish ones). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    [...dictionary.passwords, ...SPANISH_COMMON]
      .filter((p) => p.length >= PASSWORD_MIN_LENGTH)
      .map((p) => p.toLowerCase()),
  );
  const lower = password.toLowerCase();
  return common.has(lower) || /^(.)\1+$/.test(password) || /^(0123456789|1234567890)+/.test(lower);
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random temporary password (about 83 bits), with no look-alike characters. */
export function generateTemporaryPassword(length = 14): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
