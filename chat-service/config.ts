import path from "node:path";
import { z } from "zod";
import { EnvError, optionalText, readOrCreateSecret, share, wholeNumber } from "@/lib/env-parts";

/**
 * The embedded chat service's own configuration, read from the environment at its start: alone
 * (`npm run chat-service`) or inside the console's process, where it shares DATA_DIR, DATABASE_URL and
 * CHAT_API_KEY with the console so that the console's client holds the key this service accepts.
 */
const rawSchema = z.object({
  PORT: wholeNumber("PORT", 1, 65535).optional(),
  DATA_DIR: z.string().trim().min(1, "DATA_DIR must be a folder path").optional(),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "DATABASE_URL must be a PostgreSQL URL such as postgres://user@127.0.0.1:5432/db")
      .optional(),
  ),
  CHAT_API_KEY: optionalText.pipe(
    z.string().regex(/^\S+$/, "CHAT_API_KEY must be the REST API key, without spaces").optional(),
  ),
  CHAT_RATE_LIMIT_PER_MINUTE: wholeNumber("CHAT_RATE_LIMIT_PER_MINUTE", 1, 10_000_000).default(10_000),
  CHAT_FAULT_LATENCY_MS: wholeNumber("CHAT_FAULT_LATENCY_MS", 0, 120_000).default(0),
  CHAT_FAULT_ERROR_RATE: share("CHAT_FAULT_ERROR_RATE").default(0),
  CHAT_FAULT_ERROR_STATUS: z
    .enum(["500", "503", "mixed"], { error: "CHAT_FAULT_ERROR_STATUS must be 500, 503 or mixed" })
    .default("mixed"),
  CHAT_FAULT_RATE_LIMIT_RATE: share("CHAT_FAULT_RATE_LIMIT_RATE").default(0),
  CHAT_FAULT_RETRY_AFTER_SECONDS: wholeNumber("CHAT_FAULT_RETRY_AFTER_SECONDS", 0, 3600).default(1),
  CHAT_JOURNAL: z.enum(["0", "1"], { error: "CHAT_JOURNAL must be 0 or 1" }).default("0"),
});

export type ChatServiceConfig = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  apiKey: string;
  rateLimitPerMinute: number;
  faults: {
    latencyMs: number;
    errorRate: number;
    errorStatus: "500" | "503" | "mixed";
    rateLimitRate: number;
    retryAfterSeconds: number;
    journal: boolean;
  };
};

/** Where the service runs when the environment does not say: alone, or inside the console. */
export type ConfigDefaults = { port: number; dataDir: string };

export function parseChatServiceConfig(
  source: Record<string, string | undefined>,
  defaults: ConfigDefaults,
): ChatServiceConfig {
  const parsed = rawSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        const hidden = name === "CHAT_API_KEY" || source[name] === undefined;
        return `${name}: ${issue.message}${hidden ? "" : ` (got "${source[name]}")`}`;
      }),
    );
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR ?? defaults.dataDir);
  return {
    port: raw.PORT ?? defaults.port,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    apiKey: raw.CHAT_API_KEY ?? readOrCreateSecret(dataDir, "chat-api-key", 20),
    rateLimitPerMinute: raw.CHAT_RATE_LIMIT_PER_MINUTE,
    faults: {
      latencyMs: raw.CHAT_FAULT_LATENCY_MS,
      errorRate: raw.CHAT_FAULT_ERROR_RATE,
      errorStatus: raw.CHAT_FAULT_ERROR_STATUS,
      rateLimitRate: raw.CHAT_FAULT_RATE_LIMIT_RATE,
      retryAfterSeconds: raw.CHAT_FAULT_RETRY_AFTER_SECONDS,
      journal: raw.CHAT_JOURNAL === "1",
    },
  };
}
