import { chatErrors, type ChatServiceError } from "./errors";
import type { ServiceSettings } from "./settings";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Compiled once a setting, not once a request.
let compiled: { pattern: string; regex: RegExp } | undefined;
function pathMatches(pattern: string, path: string): boolean {
  if (compiled?.pattern !== pattern) compiled = { pattern, regex: new RegExp(pattern) };
  return compiled.regex.test(path);
}

/**
 * Applies the injected faults to one request: first the added latency, then a forced 429
 * (burst or share), then a failing 500/503 (share). Returns the error to answer with, if any.
 */
export async function injectFaults(
  settings: ServiceSettings,
  path: string,
  random = Math.random,
): Promise<ChatServiceError | undefined> {
  if (settings.pathPattern && !pathMatches(settings.pathPattern, path)) return undefined;
  if (settings.latencyMs > 0) await sleep(settings.latencyMs);
  if (settings.rateLimitBurst > 0) {
    settings.rateLimitBurst -= 1;
    return chatErrors.tooManyRequests(settings.retryAfterSeconds, settings.rateLimitPerMinute);
  }
  if (settings.rateLimitRate > 0 && random() < settings.rateLimitRate) {
    return chatErrors.tooManyRequests(settings.retryAfterSeconds, settings.rateLimitPerMinute);
  }
  if (settings.errorRate > 0 && random() < settings.errorRate) {
    const status = settings.errorStatus === "mixed" ? (random() < 0.5 ? "500" : "503") : settings.errorStatus;
    return status === "500" ? chatErrors.internal() : chatErrors.unavailable();
  }
  return undefined;
}
