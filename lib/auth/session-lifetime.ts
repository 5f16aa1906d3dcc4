/**
 * How long a session lives: `SESSION_MAX_AGE_HOURS` from sign-in, fixed then and carried in the
 * token, so that no refresh of the cookie (Auth.js re-signs it on every session read) moves its end.
 * Times are Unix seconds, as in a JWT.
 */

/** Clocks of several console processes may differ a little: a revocation outlives its cookie by this. */
const CLOCK_SLACK_SECONDS = 300;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const sessionEndFor = (signedInAt: number, maxAgeSeconds: number): number => signedInAt + maxAgeSeconds;

/** A token with no end (made before ends were recorded) or past it is no session. */
export function sessionHasEnded(endsAt: number | undefined, now = nowSeconds()): boolean {
  return typeof endsAt !== "number" || !Number.isFinite(endsAt) || now >= endsAt;
}

/** The `maxAge` to sign the token with: its `exp` is then the session's end, however often it is re-signed. */
export function tokenMaxAgeSeconds(endsAt: number | undefined, now = nowSeconds()): number {
  return sessionHasEnded(endsAt, now) ? 0 : endsAt! - now;
}

/**
 * Until when a revocation must be kept: as long as a cookie of that session can still be presented,
 * which is its token's `exp` (the session's end), with slack for clocks.
 */
export function revocationKeptUntil(endsAt: number | undefined, maxAgeSeconds: number, now = nowSeconds()): Date {
  const end = typeof endsAt === "number" && Number.isFinite(endsAt) ? endsAt : now + maxAgeSeconds;
  return new Date((Math.max(end, now) + CLOCK_SLACK_SECONDS) * 1000);
}
