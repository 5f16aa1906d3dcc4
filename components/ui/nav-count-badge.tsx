import { cn } from "./cn";

/**
 * A count beside a navigation link, read aloud as `label` after the link's name; nothing at zero.
 * The live reading of the count is the caller's.
 */
export function NavCountBadge({
  count,
  shown,
  label,
  tone,
}: {
  count: number;
  shown?: string;
  label: string;
  tone: string;
}) {
  if (count === 0) return null;
  return (
    <>
      <span
        aria-hidden
        className={cn(
          "ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold text-white",
          tone,
        )}
      >
        {shown ?? count}
      </span>
      <span className="sr-only">, {label}</span>
    </>
  );
}
