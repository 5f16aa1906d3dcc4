import { describe, expect, it } from "vitest";
import { revocationKeptUntil, sessionEndFor, sessionHasEnded, tokenMaxAgeSeconds } from "./session-lifetime";

const HOUR = 3600;

describe("session lifetime", () => {
  const signedInAt = 1_800_000_000;
  const endsAt = sessionEndFor(signedInAt, 8 * HOUR);

  it("ends SESSION_MAX_AGE_HOURS after sign-in however often the token is re-signed", () => {
    // Re-signed 7 hours in: the token's exp is still the end fixed at sign-in, not 8 hours later.
    const later = signedInAt + 7 * HOUR;
    expect(later + tokenMaxAgeSeconds(endsAt, later)).toBe(endsAt);
    expect(sessionHasEnded(endsAt, endsAt - 1)).toBe(false);
    expect(sessionHasEnded(endsAt, endsAt)).toBe(true);
    expect(tokenMaxAgeSeconds(endsAt, endsAt + 10)).toBe(0);
  });

  it("treats a token without a recorded end as ended", () => {
    expect(sessionHasEnded(undefined, signedInAt)).toBe(true);
  });

  it("keeps a revocation at least as long as the revoked cookie's token can be presented", () => {
    const signOutAt = signedInAt + HOUR;
    const tokenExp = signOutAt + tokenMaxAgeSeconds(endsAt, signOutAt);
    expect(revocationKeptUntil(endsAt, 8 * HOUR, signOutAt).getTime()).toBeGreaterThanOrEqual(tokenExp * 1000);
  });
});
