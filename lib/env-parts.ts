import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * What the console's configuration (lib/env.ts) and the embedded chat service's
 * (chat-service/config.ts) share: the schemas of numbers and optional text, the error that names
 * every wrong variable, and the secrets generated once into the data folder.
 */

export const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

export const share = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, `${name} must be a number from 0 to 1, such as 0.2`)
    .transform(Number);

export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** A secret left unset is generated once and kept in the data folder, readable by its owner only. */
export function readOrCreateSecret(dataDir: string, fileName: string, bytes: number): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
