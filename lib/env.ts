import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The one reader of process.env. Everything else asks `getEnv()`, which validates once and
 * fails with a message naming every wrong variable and what it expects.
 */

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

const share = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, `${name} must be a number from 0 to 1, such as 0.2`)
    .transform(Number);

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: wholeNumber("PORT", 1, 65535).default(3000),
  DATA_DIR: z.string().trim().min(1, "DATA_DIR must be a folder path").default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "DATABASE_URL must be a PostgreSQL URL such as postgres://user@127.0.0.1:5432/db")
      .optional(),
  ),
  CHAT_API_BASE_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error:
          "CHAT_API_BASE_URL must be an http(s) URL ending in /v3, such as https://<app_id>.api-us.cometchat.io/v3",
      })
      .optional(),
  ),
  CHAT_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9]+$/i, "CHAT_APP_ID must be the application id: letters and digits only")
      .optional(),
  ),
  CHAT_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z]{2,4}$/, "CHAT_REGION must be a region code such as us, eu or in")
      .optional(),
  ),
  CHAT_API_KEY: optionalText.pipe(
    z.string().regex(/^\S+$/, "CHAT_API_KEY must be the REST API key, without spaces").optional(),
  ),
  CHAT_API_TIMEOUT_MS: wholeNumber("CHAT_API_TIMEOUT_MS", 100, 120_000).default(10_000),
  CHAT_RATE_LIMIT_PER_MINUTE: wholeNumber("CHAT_RATE_LIMIT_PER_MINUTE", 1, 10_000_000).default(10_000),
  CHAT_FAULT_LATENCY_MS: wholeNumber("CHAT_FAULT_LATENCY_MS", 0, 120_000).default(0),
  CHAT_FAULT_ERROR_RATE: share("CHAT_FAULT_ERROR_RATE").default(0),
  CHAT_FAULT_ERROR_STATUS: z
    .enum(["500", "503", "mixed"], { error: "CHAT_FAULT_ERROR_STATUS must be 500, 503 or mixed" })
    .default("mixed"),
  CHAT_FAULT_RATE_LIMIT_RATE: share("CHAT_FAULT_RATE_LIMIT_RATE").default(0),
  CHAT_FAULT_RETRY_AFTER_SECONDS: wholeNumber("CHAT_FAULT_RETRY_AFTER_SECONDS", 0, 3600).default(1),
  CHAT_JOURNAL: z.enum(["0", "1"], { error: "CHAT_JOURNAL must be 0 or 1" }).default("0"),
  INCIDENT_CHUNK_SIZE: wholeNumber("INCIDENT_CHUNK_SIZE", 1, 1000).default(25),
  INCIDENT_CONCURRENCY: wholeNumber("INCIDENT_CONCURRENCY", 1, 64).default(4),
  AUTH_SECRET: optionalText.pipe(
    z.string().min(32, "AUTH_SECRET must be at least 32 characters of random text").optional(),
  ),
  SESSION_MAX_AGE_HOURS: wholeNumber("SESSION_MAX_AGE_HOURS", 1, 24 * 30).default(8),
  SIGN_IN_MAX_FAILURES: wholeNumber("SIGN_IN_MAX_FAILURES", 1, 1000).default(5),
  SIGN_IN_WINDOW_MINUTES: wholeNumber("SIGN_IN_WINDOW_MINUTES", 1, 24 * 60).default(15),
  CONSOLE_ADMIN_EMAIL: optionalText.pipe(z.email("CONSOLE_ADMIN_EMAIL must be an email address").optional()),
  CONSOLE_ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(12, "CONSOLE_ADMIN_PASSWORD must be at least 12 characters").optional(),
  ),
});

type RawEnv = z.infer<typeof rawEnvSchema>;

export type ChatApiTarget = { mode: "embedded"; baseUrl: string } | { mode: "upstream"; baseUrl: string };

export type FaultDefaults = {
  latencyMs: number;
  errorRate: number;
  errorStatus: "500" | "503" | "mixed";
  rateLimitRate: number;
  retryAfterSeconds: number;
  journal: boolean;
};

export type Env = {
  nodeEnv: RawEnv["NODE_ENV"];
  authSecret: string;
  sessionMaxAgeSeconds: number;
  signInLimit: { maxFailures: number; windowMinutes: number };
  firstAdmin: { email: string; password: string } | undefined;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  chatApi: ChatApiTarget;
  chatApiKey: string;
  chatApiTimeoutMs: number;
  chatRateLimitPerMinute: number;
  faults: FaultDefaults;
  incident: { chunkSize: number; concurrency: number };
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** A secret left unset is generated once and kept in the data folder, readable by its owner only. */
function readOrCreateSecret(dataDir: string, fileName: string, bytes: number): string {
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

function resolveChatApi(raw: RawEnv, problems: string[]): ChatApiTarget {
  if (raw.CHAT_API_BASE_URL) {
    return { mode: "upstream", baseUrl: raw.CHAT_API_BASE_URL.replace(/\/+$/, "") };
  }
  if (raw.CHAT_APP_ID || raw.CHAT_REGION) {
    if (!raw.CHAT_APP_ID) problems.push("CHAT_APP_ID: required with CHAT_REGION (or set CHAT_API_BASE_URL instead)");
    if (!raw.CHAT_REGION) problems.push("CHAT_REGION: required with CHAT_APP_ID, for example us, eu or in");
    return {
      mode: "upstream",
      baseUrl: `https://${raw.CHAT_APP_ID ?? ""}.api-${raw.CHAT_REGION ?? ""}.cometchat.io/v3`,
    };
  }
  return { mode: "embedded", baseUrl: `http://127.0.0.1:${raw.PORT}/v3` };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        const given = source[name];
        const secret = /KEY|SECRET|PASSWORD/.test(name);
        return `${name}: ${issue.message}${given === undefined ? "" : ` (got "${secret ? "<hidden>" : given}")`}`;
      }),
    );
  }
  const raw = parsed.data;
  const problems: string[] = [];
  const chatApi = resolveChatApi(raw, problems);
  if (chatApi.mode === "upstream" && !raw.CHAT_API_KEY) {
    problems.push(`CHAT_API_KEY: required when the chat API is the real service at ${chatApi.baseUrl}`);
  }
  if (Boolean(raw.CONSOLE_ADMIN_EMAIL) !== Boolean(raw.CONSOLE_ADMIN_PASSWORD)) {
    problems.push(
      raw.CONSOLE_ADMIN_EMAIL
        ? "CONSOLE_ADMIN_PASSWORD: required with CONSOLE_ADMIN_EMAIL"
        : "CONSOLE_ADMIN_EMAIL: required with CONSOLE_ADMIN_PASSWORD",
    );
  }
  if (problems.length > 0) throw new EnvError(problems);

  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    nodeEnv: raw.NODE_ENV,
    authSecret: raw.AUTH_SECRET ?? readOrCreateSecret(dataDir, "auth-secret", 32),
    sessionMaxAgeSeconds: raw.SESSION_MAX_AGE_HOURS * 3600,
    signInLimit: { maxFailures: raw.SIGN_IN_MAX_FAILURES, windowMinutes: raw.SIGN_IN_WINDOW_MINUTES },
    firstAdmin:
      raw.CONSOLE_ADMIN_EMAIL && raw.CONSOLE_ADMIN_PASSWORD
        ? { email: raw.CONSOLE_ADMIN_EMAIL.toLowerCase(), password: raw.CONSOLE_ADMIN_PASSWORD }
        : undefined,
    port: raw.PORT,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    chatApi,
    chatApiKey: raw.CHAT_API_KEY ?? readOrCreateSecret(dataDir, "chat-api-key", 20),
    chatApiTimeoutMs: raw.CHAT_API_TIMEOUT_MS,
    chatRateLimitPerMinute: raw.CHAT_RATE_LIMIT_PER_MINUTE,
    incident: { chunkSize: raw.INCIDENT_CHUNK_SIZE, concurrency: raw.INCIDENT_CONCURRENCY },
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

const cache = globalThis as typeof globalThis & { __moderatorConsoleEnv?: Env };

export function getEnv(): Env {
  cache.__moderatorConsoleEnv ??= parseEnv(process.env);
  return cache.__moderatorConsoleEnv;
}

export function isEmbeddedMode(): boolean {
  return getEnv().chatApi.mode === "embedded";
}
