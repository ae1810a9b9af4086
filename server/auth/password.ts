/**
 * Password hashing with argon2id (OWASP's minimum: 19 MiB, 2 passes, 1 lane; ~10 ms here).
 */
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const; // argon2id is the default algorithm

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether `password` matches `phc`. A malformed hash counts as a mismatch. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash with the same cost, so an unknown account takes as long to
 * refuse as a wrong password (no account enumeration by timing). Always false.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password);
  return false;
}
