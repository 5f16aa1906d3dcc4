import { formatUtc } from "./format";

export function UtcTime({ at }: { at: Date }) {
  return (
    <time dateTime={at.toISOString()} className="whitespace-nowrap">
      {formatUtc(at)}
    </time>
  );
}
