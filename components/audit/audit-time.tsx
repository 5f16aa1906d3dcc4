/** A time of the action log: UTC to the millisecond, as recorded. */
export function AuditTime({ at }: { at: Date }) {
  const iso = at.toISOString();
  return (
    <time dateTime={iso} className="font-mono text-xs whitespace-nowrap">
      {iso.replace("T", " ").replace("Z", " UTC")}
    </time>
  );
}
