// Fixed to "en" so that the server and the browser render the same digits and separators.
const COUNT = new Intl.NumberFormat("en");

export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** "1 user", "1,234 users". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
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
