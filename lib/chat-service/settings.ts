import { z } from "zod";
import { getEnv } from "@/lib/env";
import { RateLimiter } from "./rate-limiter";

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
    pathPattern: z.string().max(200).refine(isValidPattern, "pathPattern must be a valid regular expression"),
    /** Records every block and unblock call (GET /v3/embedded/journal), so that tests can count what arrived. */
    journal: z.boolean(),
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
  const env = getEnv();
  return {
    rateLimitPerMinute: env.chatRateLimitPerMinute,
    ...env.faults,
    rateLimitBurst: 0,
    pathPattern: "",
  };
}

type ServiceState = { settings: ServiceSettings; limiter: RateLimiter };
const holder = globalThis as typeof globalThis & { __embeddedChatService?: ServiceState };

export function serviceState(): ServiceState {
  holder.__embeddedChatService ??= { settings: defaults(), limiter: new RateLimiter() };
  return holder.__embeddedChatService;
}

export function updateSettings(patch: Partial<ServiceSettings>): ServiceSettings {
  const state = serviceState();
  state.settings = { ...state.settings, ...patch };
  return state.settings;
}

/** Back to the environment's values, with every rate window cleared. */
export function resetSettings(): ServiceSettings {
  const state = serviceState();
  state.settings = defaults();
  state.limiter.reset();
  return state.settings;
}
