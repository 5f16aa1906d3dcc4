import { z } from "zod";
import { EnvError } from "./env-parts";

/**
 * The server log's part of the configuration (LOG_FORMAT, LOG_LEVEL), apart from lib/env.ts: the
 * logger serves the console and the standalone chat service, which must not read (nor create the
 * secrets of) the console's whole configuration. lib/env.ts stays the one reader of the console's.
 */

const logSchema = z.object({
  LOG_FORMAT: z
    .enum(["json", "pretty"], { error: "LOG_FORMAT must be json (one JSON object a line) or pretty (for people)" })
    .default("json"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent",
    })
    .default("info"),
});

export type LogSettings = { format: "json" | "pretty"; level: z.infer<typeof logSchema>["LOG_LEVEL"] };

/** The server log's settings from `source`, or an EnvError naming the variable. */
export function parseLogSettings(source: Record<string, string | undefined>): LogSettings {
  const parsed = logSchema.safeParse(source);
  if (!parsed.success)
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}: ${issue.message} (got "${source[name]}")`;
      }),
    );
  return { format: parsed.data.LOG_FORMAT, level: parsed.data.LOG_LEVEL };
}

export const logSettings = (): LogSettings => parseLogSettings(process.env);
