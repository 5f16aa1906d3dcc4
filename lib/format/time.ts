/**
 * The console's one way of writing times: the operator's own time zone on screen, UTC (as the
 * action log records it) on hover and in exports. Pure, so that the server and the browser agree.
 */
export type TimePrecision = "seconds" | "milliseconds";

/** ECMAScript dates end at ±8.64e15 ms; anything past that (a `createdAt` of 1e15 seconds) is no date. */
function isValidDate(date: Date): boolean {
  return Number.isFinite(date.getTime());
}

/** A date from anything a page may hold: a Date, an ISO string or epoch milliseconds; null when it is no date. */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValidDate(date) ? date : null;
}

/** The chat API counts in Unix seconds; a value that is no number or no real date gives null. */
export function dateFromUnixSeconds(seconds: unknown): Date | null {
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return null;
  return toDate(seconds * 1000);
}

/** "2025-03-01 14:05:09 UTC", or with ".123" before " UTC" to the millisecond. */
export function formatUtc(date: Date, precision: TimePrecision = "seconds"): string {
  const iso = date.toISOString();
  const clock = precision === "milliseconds" ? iso.slice(11, 23) : iso.slice(11, 19);
  return `${iso.slice(0, 10)} ${clock} UTC`;
}

/** "14:05:09 UTC": a time of today, in a sentence. */
export function formatClock(date: Date): string {
  return `${date.toISOString().slice(11, 19)} UTC`;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

function localFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    localFormats.set(key, format);
  }
  return format;
}

/** "2025-03-01 15:05:09 CET": the same instant in `timeZone` (the runtime's own when not given). */
export function formatLocal(date: Date, precision: TimePrecision = "seconds", timeZone?: string): string {
  const parts = Object.fromEntries(
    localFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const ms = precision === "milliseconds" ? `.${String(date.getUTCMilliseconds()).padStart(3, "0")}` : "";
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}${ms} ${parts.timeZoneName}`;
}
