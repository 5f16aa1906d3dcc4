import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * A list of facts about one thing, terms beside their details (one under the other on a narrow screen);
 * `dense` for a long list, its rows closer together.
 */
export function Facts({
  className,
  dense = false,
  children,
}: {
  className?: string;
  dense?: boolean;
  children: ReactNode;
}) {
  return (
    <dl
      className={cn(
        "grid grid-cols-[minmax(0,1fr)] gap-x-8 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]",
        dense ? "gap-y-2" : "gap-y-3",
        className,
      )}
    >
      {children}
    </dl>
  );
}

/** One fact of `Facts`: its term and its detail. */
export function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
