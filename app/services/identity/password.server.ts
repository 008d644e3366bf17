import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** S4: argon2id, 19 MiB, t=2, p=1 (OWASP's minimum profile). */
// NOTE: Algorithm is an ambient const enum, unreadable under isolatedModules; 2 is Argon2id.
const ARGON2ID: Algorithm = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps the answer time the same,
// so timing does not reveal which e-mails have accounts (S3).
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
