import { parseArgs } from "node:util";
import { z } from "zod";

/** What `npm run audit:verify` was asked to check: the database's log, or an export offline. */
export type VerifyOptions =
  { mode: "database" } | { mode: "export"; exportFile: string; checkpointFile: string; publicKeyFile: string };

const VERIFY_USAGE = [
  "Usage:",
  "  npm run audit:verify",
  "  npm run audit:verify -- --export action-log.ndjson --checkpoint checkpoint.txt --public-key action-log.vkey",
].join("\n");

/** Options the command could not read, with what was wrong: the command exits 2 and prints the usage. */
export class VerifyOptionsError extends Error {
  constructor(problem: string) {
    super(`npm run audit:verify: ${problem}\n${VERIFY_USAGE}`);
    this.name = "VerifyOptionsError";
  }
}

const FILE_OPTIONS = ["export", "checkpoint", "public-key"] as const;

// Each option is absent (parseArgs leaves the key out) or a file name: never required one by one,
// since the database form takes none of them. That the three go together is checked after.
const optionsSchema = z.object({
  export: z.string().min(1, "--export needs a file name").optional(),
  checkpoint: z.string().min(1, "--checkpoint needs a file name").optional(),
  "public-key": z.string().min(1, "--public-key needs a file name").optional(),
});

/** Reads the command's arguments (those after `npm run audit:verify --`). */
export function parseVerifyOptions(args: string[]): VerifyOptions {
  let values: unknown;
  try {
    ({ values } = parseArgs({
      args,
      options: { export: { type: "string" }, checkpoint: { type: "string" }, "public-key": { type: "string" } },
    }));
  } catch (error) {
    // parseArgs names an unknown option, a missing value or a stray argument.
    throw new VerifyOptionsError(error instanceof Error ? error.message : String(error));
  }
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) throw new VerifyOptionsError(parsed.error.issues.map((issue) => issue.message).join("; "));
  const given = FILE_OPTIONS.filter((name) => parsed.data[name] !== undefined);
  if (given.length === 0) return { mode: "database" };
  if (given.length < FILE_OPTIONS.length) {
    const missing = FILE_OPTIONS.filter((name) => parsed.data[name] === undefined).map((name) => `--${name}`);
    throw new VerifyOptionsError(
      `--export, --checkpoint and --public-key go together: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing`,
    );
  }
  return {
    mode: "export",
    exportFile: parsed.data.export!,
    checkpointFile: parsed.data.checkpoint!,
    publicKeyFile: parsed.data["public-key"]!,
  };
}
