const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether an account was made within the last 24 hours: the queue's "new account" mark and filter. */
export function isNewAccount(createdAt: Date | string | null, now = Date.now()): boolean {
  if (!createdAt) return false;
  const created = new Date(createdAt).getTime();
  return Number.isFinite(created) && now - created < DAY_MS;
}

/** "3 hours", "12 days": how old an account is, in words. */
export function accountAge(createdAt: Date | string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000));
  const unit = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;
  if (minutes < 60) return unit(minutes, "minute");
  if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), "hour");
  return unit(Math.floor(minutes / (24 * 60)), "day");
}
