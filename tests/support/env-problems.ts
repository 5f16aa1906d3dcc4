import { parseEnv } from "../../lib/env";
import { EnvError } from "../../lib/env-parts";

/** The problems `parseEnv` reports for `source`, in its words; throws when it accepts the configuration. */
export function envProblemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("parseEnv accepted the configuration");
}
