const FORMAT = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A time the chat API gives in Unix seconds: readable (UTC), with the raw value on hover. */
export function UnixTime({ seconds }: { seconds: number | undefined | null }) {
  if (typeof seconds !== "number" || !Number.isFinite(seconds))
    return <span className="text-slate-500">Not given</span>;
  const date = new Date(seconds * 1000);
  return (
    <time
      dateTime={date.toISOString()}
      title={`Unix time ${seconds}`}
      className="underline decoration-dotted underline-offset-2"
    >
      {FORMAT.format(date)} UTC
    </time>
  );
}
