import path from "node:path";
import { z } from "zod";
import { EnvError, optionalText, readOrCreateSecret, share, wholeNumber } from "./env-parts";
import { resolveSso, ssoEnvShape, type SsoEnv } from "./env-sso";

/**
 * The one reader of process.env for the console, with its parts beside it: the identity provider's
 * variables (env-sso.ts), the log's (env-log.ts) and the helpers it shares with the embedded chat
 * service's configuration (env-parts.ts; the service, a system of its own, reads its variables in
 * chat-service/config.ts). Everything else asks `getEnv()`, which validates once and fails with a
 * message naming every wrong variable and what it expects.
 */

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
  INCIDENT_CHUNK_SIZE: wholeNumber("INCIDENT_CHUNK_SIZE", 1, 1000).default(25),
  INCIDENT_CONCURRENCY: wholeNumber("INCIDENT_CONCURRENCY", 1, 64).default(8),
  INCIDENT_RATE_SHARE: share("INCIDENT_RATE_SHARE")
    .pipe(z.number().gt(0, "INCIDENT_RATE_SHARE must be more than 0, or jobs would never send a call"))
    .default(0.5),
  INCIDENT_RATE_RESERVE: share("INCIDENT_RATE_RESERVE").default(0.1),
  CHAT_RATE_LIMIT_PER_MINUTE_HINT: wholeNumber("CHAT_RATE_LIMIT_PER_MINUTE_HINT", 1, 10_000_000).default(10_000),
  APPROVAL_THRESHOLD_UIDS: wholeNumber("APPROVAL_THRESHOLD_UIDS", 0, 1_000_000).default(500),
  // Fractions of a minute are allowed, so that tests can see a request expire without waiting an hour.
  APPROVAL_TTL_MINUTES: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, "APPROVAL_TTL_MINUTES must be a number of minutes, such as 60 or 0.5")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0.05, "APPROVAL_TTL_MINUTES must be at least 0.05 (3 seconds)")
        .max(7 * 24 * 60, "APPROVAL_TTL_MINUTES must be at most 10080 (7 days)"),
    )
    .default(60),
  AUTH_SECRET: optionalText.pipe(
    z.string().min(32, "AUTH_SECRET must be at least 32 characters of random text").optional(),
  ),
  AUDIT_SIGNING_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "AUDIT_SIGNING_KEY must be an Ed25519 seed: 64 hex digits (openssl rand -hex 32)")
      .optional(),
  ),
  AUDIT_CHECKPOINT_MINUTES: wholeNumber("AUDIT_CHECKPOINT_MINUTES", 0, 24 * 60).default(10),
  AUDIT_CHECKPOINT_DIR: optionalText.pipe(z.string().min(1, "AUDIT_CHECKPOINT_DIR must be a folder path").optional()),
  SESSION_MAX_AGE_HOURS: wholeNumber("SESSION_MAX_AGE_HOURS", 1, 24 * 30).default(8),
  SIGN_IN_MAX_FAILURES: wholeNumber("SIGN_IN_MAX_FAILURES", 1, 1000).default(5),
  SIGN_IN_WINDOW_MINUTES: wholeNumber("SIGN_IN_WINDOW_MINUTES", 1, 24 * 60).default(15),
  SIGN_IN_MAX_FAILURES_PER_EMAIL: wholeNumber("SIGN_IN_MAX_FAILURES_PER_EMAIL", 1, 100_000).default(50),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(\d{1,2}|[0-9a-f.:]+(\s*,\s*[0-9a-f.:]+)*)$/i,
        "TRUST_PROXY must be the number of proxy hops in front of the console (such as 1), or the proxies' IP addresses separated by commas",
      )
      .optional(),
  ),
  SHUTDOWN_GRACE_SECONDS: wholeNumber("SHUTDOWN_GRACE_SECONDS", 0, 3600).default(25),
  RAID_ALERT_MESSAGES: wholeNumber("RAID_ALERT_MESSAGES", 1, 1_000_000).default(20),
  RAID_ALERT_SENDERS: wholeNumber("RAID_ALERT_SENDERS", 1, 1_000_000).default(10),
  RAID_ALERT_MINUTES: wholeNumber("RAID_ALERT_MINUTES", 1, 24 * 60).default(10),
  CONSOLE_ADMIN_EMAIL: optionalText.pipe(z.email("CONSOLE_ADMIN_EMAIL must be an email address").optional()),
  CONSOLE_ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(12, "CONSOLE_ADMIN_PASSWORD must be at least 12 characters").optional(),
  ),
  ...ssoEnvShape,
});

type RawEnv = z.infer<typeof rawEnvSchema>;

export type TrustProxy = { hops: number } | { addresses: string[] };

function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined) return { hops: 0 };
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  return { addresses: value.split(",").map((address) => address.trim().toLowerCase()) };
}

type ChatApiTarget = { mode: "embedded"; baseUrl: string } | { mode: "upstream"; baseUrl: string };

export type Env = {
  nodeEnv: RawEnv["NODE_ENV"];
  authSecret: string;
  sessionMaxAgeSeconds: number;
  signInLimit: { maxFailures: number; maxFailuresPerEmail: number; windowMinutes: number };
  /** Whom to believe about the client's address: nobody (the socket's), so many hops, or these proxies. */
  trustProxy: TrustProxy;
  firstAdmin: { email: string; password: string } | undefined;
  /** Sign-in with the company's identity provider (OIDC), and whether passwords are accepted at all. */
  sso: SsoEnv;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  chatApi: ChatApiTarget;
  chatApiKey: string;
  chatApiTimeoutMs: number;
  incident: {
    chunkSize: number;
    /** Upper bound on one job's calls in flight: the rate budget sets how many go within it. */
    concurrency: number;
    /** Of the chat service's limit, the part all processes' jobs may use together. */
    rateShare: number;
    /** Of the limit, what `X-RateLimit-Remaining` must keep for the application's own traffic. */
    rateReserve: number;
    /** The limit assumed until the service announces one. */
    rateLimitHint: number;
  };
  /** "Possible raid in <group>": so many messages from so many senders blocked or reported in a group within the minutes. */
  raidAlert: { messages: number; senders: number; minutes: number };
  /** After SIGTERM: how long calls in flight may take to finish before the process lets go of them. */
  shutdownGraceMs: number;
  /**
   * Two-person approval: a block or incident job that would send more UIDs than `thresholdUids`
   * (0: never) waits for a second operator, for at most `ttlMs`.
   */
  approval: { thresholdUids: number; ttlMs: number };
  /** Signed checkpoints of the action log: the key's seed, how often (0: on demand only), and a copy's folder. */
  audit: { signingKeySeed: string; checkpointMinutes: number; checkpointDir: string | undefined };
};

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
  if (raw.SIGN_IN_MAX_FAILURES_PER_EMAIL < raw.SIGN_IN_MAX_FAILURES) {
    problems.push(
      "SIGN_IN_MAX_FAILURES_PER_EMAIL: must be at least SIGN_IN_MAX_FAILURES, since it counts the failures from every address",
    );
  }
  if (Boolean(raw.CONSOLE_ADMIN_EMAIL) !== Boolean(raw.CONSOLE_ADMIN_PASSWORD)) {
    problems.push(
      raw.CONSOLE_ADMIN_EMAIL
        ? "CONSOLE_ADMIN_PASSWORD: required with CONSOLE_ADMIN_EMAIL"
        : "CONSOLE_ADMIN_EMAIL: required with CONSOLE_ADMIN_PASSWORD",
    );
  }
  const sso = resolveSso(raw, problems);
  if (!sso.passwordSignIn && raw.CONSOLE_ADMIN_EMAIL) {
    problems.push(
      "CONSOLE_ADMIN_EMAIL: has no use with AUTH_PASSWORD_SIGN_IN=false: the first admin signs in with the identity provider, in a group mapped to admin",
    );
  }
  if (problems.length > 0) throw new EnvError(problems);

  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    nodeEnv: raw.NODE_ENV,
    authSecret: raw.AUTH_SECRET ?? readOrCreateSecret(dataDir, "auth-secret", 32),
    sessionMaxAgeSeconds: raw.SESSION_MAX_AGE_HOURS * 3600,
    signInLimit: {
      maxFailures: raw.SIGN_IN_MAX_FAILURES,
      maxFailuresPerEmail: raw.SIGN_IN_MAX_FAILURES_PER_EMAIL,
      windowMinutes: raw.SIGN_IN_WINDOW_MINUTES,
    },
    trustProxy: trustProxyOf(raw.TRUST_PROXY),
    firstAdmin:
      raw.CONSOLE_ADMIN_EMAIL && raw.CONSOLE_ADMIN_PASSWORD
        ? { email: raw.CONSOLE_ADMIN_EMAIL.toLowerCase(), password: raw.CONSOLE_ADMIN_PASSWORD }
        : undefined,
    sso,
    port: raw.PORT,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    chatApi,
    chatApiKey: raw.CHAT_API_KEY ?? readOrCreateSecret(dataDir, "chat-api-key", 20),
    chatApiTimeoutMs: raw.CHAT_API_TIMEOUT_MS,
    incident: {
      chunkSize: raw.INCIDENT_CHUNK_SIZE,
      concurrency: raw.INCIDENT_CONCURRENCY,
      rateShare: raw.INCIDENT_RATE_SHARE,
      rateReserve: raw.INCIDENT_RATE_RESERVE,
      rateLimitHint: raw.CHAT_RATE_LIMIT_PER_MINUTE_HINT,
    },
    raidAlert: {
      messages: raw.RAID_ALERT_MESSAGES,
      senders: raw.RAID_ALERT_SENDERS,
      minutes: raw.RAID_ALERT_MINUTES,
    },
    shutdownGraceMs: raw.SHUTDOWN_GRACE_SECONDS * 1000,
    approval: { thresholdUids: raw.APPROVAL_THRESHOLD_UIDS, ttlMs: Math.round(raw.APPROVAL_TTL_MINUTES * 60_000) },
    audit: {
      signingKeySeed: (raw.AUDIT_SIGNING_KEY ?? readOrCreateSecret(dataDir, "audit-signing-key", 32)).toLowerCase(),
      checkpointMinutes: raw.AUDIT_CHECKPOINT_MINUTES,
      checkpointDir: raw.AUDIT_CHECKPOINT_DIR ? path.resolve(raw.AUDIT_CHECKPOINT_DIR) : undefined,
    },
  };
}

const cache = globalThis as typeof globalThis & { __moderatorConsoleEnv?: Env };

export function getEnv(): Env {
  cache.__moderatorConsoleEnv ??= parseEnv(process.env);
  return cache.__moderatorConsoleEnv;
}

/** For a process's start: a wrong configuration ends it with a message that names each variable. */
export function envOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof EnvError) {
      // Plain text on stderr, not the server log: the log's own settings may be what is wrong.
      console.error(`\n${error.message}\n\nFix these variables and start again.\n`);
      process.exit(1);
    }
    throw error;
  }
}

export function isEmbeddedMode(): boolean {
  return getEnv().chatApi.mode === "embedded";
}
