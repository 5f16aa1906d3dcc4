import { hash, verify, type Options } from "@node-rs/argon2";

// argon2id (the package's const enum value 2, which isolated modules cannot import by name),
// at OWASP's baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies `password` against `passwordHash`; without a hash (no such operator) it verifies
 * against a throwaway one, so that the time taken does not tell whether the email exists.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("no operator has this password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
