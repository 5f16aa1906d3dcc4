// Fixed to "en" so that the server and the browser render the same digits and separators.
const COUNT = new Intl.NumberFormat("en");

export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** "1 user", "1,234 users". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "2025-03-01 14:05:09 UTC": the console shows every time in UTC, as the action log does. */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");
}

/** "14:05:09 UTC". */
export function formatClock(date: Date): string {
  return `${date.toISOString().slice(11, 19)} UTC`;
}

export function formatRate(uidsPerSecond: number): string {
  return `${uidsPerSecond.toFixed(1)} UIDs/s`;
}

/** "about 40 s left", "about 2 min left", "about 1 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.ceil(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const rest = minutes % 60;
  return `about ${Math.floor(minutes / 60)} h${rest > 0 ? ` ${rest} min` : ""} left`;
}
