import { z } from "zod";
import { chatConfig } from "./service";
import { RateLimiter } from "./rate-limiter";
import { storableText } from "./validation";

/**
 * Run-time settings of the embedded service: its rate limit and the faults it injects.
 * They start from the environment and can be changed while it runs through
 * `/v3/embedded/settings`, so that resilience tests need no restart.
 */
export const serviceSettingsSchema = z
  .object({
    rateLimitPerMinute: z.number().int().min(1).max(10_000_000),
    latencyMs: z.number().int().min(0).max(120_000),
    errorRate: z.number().min(0).max(1),
    errorStatus: z.enum(["500", "503", "mixed"]),
    rateLimitRate: z.number().min(0).max(1),
    retryAfterSeconds: z.number().int().min(0).max(3600),
    /** The next N requests answer 429, as in a burst of throttling. */
    rateLimitBurst: z.number().int().min(0).max(1_000_000),
    /** Faults touch only requests whose path (after /v3) matches; empty means every path. */
    pathPattern: storableText("pathPattern", z.string().max(200)).refine(
      isValidPattern,
      "pathPattern must be a valid regular expression",
    ),
    /** Records every block and unblock call (GET /v3/embedded/journal), so that tests can count what arrived. */
    journal: z.boolean(),
    /**
     * Conversation records leave out `tags`, as the vendor's own documented records do: for testing that a
     * client does not read a missing field as "no tags".
     */
    omitConversationTags: z.boolean(),
  })
  .strict();

export type ServiceSettings = z.infer<typeof serviceSettingsSchema>;

function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

function defaults(): ServiceSettings {
  const config = chatConfig();
  return {
    rateLimitPerMinute: config.rateLimitPerMinute,
    ...config.faults,
    rateLimitBurst: 0,
    pathPattern: "",
    omitConversationTags: false,
  };
}

type ServiceState = { settings: ServiceSettings; limiter: RateLimiter };
// In memory, off the database's path: every request reads them, and a restart starts from the environment.
let state: ServiceState | undefined;

export function serviceState(): ServiceState {
  state ??= { settings: defaults(), limiter: new RateLimiter() };
  return state;
}

export function updateSettings(patch: Partial<ServiceSettings>): ServiceSettings {
  const current = serviceState();
  current.settings = { ...current.settings, ...patch };
  return current.settings;
}

/** Back to the environment's values, with every rate window cleared. */
export function resetSettings(): ServiceSettings {
  const current = serviceState();
  current.settings = defaults();
  current.limiter.reset();
  return current.settings;
}
