"use client";

import { useSyncExternalStore } from "react";
import { cn } from "./cn";
import { dateFromUnixSeconds, formatLocal, formatUtc, toDate, type TimePrecision } from "@/lib/format/time";

const noSubscription = () => () => {};

/**
 * A time in the operator's own time zone, with UTC (as the action log records it) on hover. The
 * server knows no operator's zone: it renders UTC, and the browser switches to local time once
 * hydrated, without a hydration mismatch.
 */
export function Time({
  at,
  precision = "seconds",
  hint,
  wrap = false,
}: {
  at: Date | string | number | null | undefined;
  precision?: TimePrecision;
  /** More for the hover text, such as the raw value the time came from. */
  hint?: string;
  /** In a table of many columns, the date and the time may go on two lines. */
  wrap?: boolean;
}) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = toDate(at);
  if (!date)
    return <span className="text-slate-500">{at === null || at === undefined ? "Not given" : "Invalid date"}</span>;
  const utc = formatUtc(date, precision);
  return (
    <time
      dateTime={date.toISOString()}
      title={hint ? `${utc} (${hint})` : utc}
      className={cn(
        !wrap && "whitespace-nowrap",
        "underline decoration-slate-400 decoration-dotted underline-offset-2",
      )}
    >
      {inBrowser ? formatLocal(date, precision) : utc}
    </time>
  );
}

/** A time the chat API gives in Unix seconds; a value that is no date says so instead of failing. */
export function UnixTime({ seconds, wrap }: { seconds: unknown; wrap?: boolean }) {
  if (seconds === undefined || seconds === null) return <span className="text-slate-500">Not given</span>;
  const date = dateFromUnixSeconds(seconds);
  if (!date)
    return (
      <span className="text-slate-500" title={`Unix time ${String(seconds)}`}>
        Invalid date
      </span>
    );
  return <Time at={date} hint={`Unix time ${String(seconds)}`} wrap={wrap} />;
}
