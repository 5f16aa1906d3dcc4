import { AppLink } from "@/components/ui/app-link";
import { formatCount } from "@/lib/format/numbers";
import { buttonClasses } from "./button";
import { cn } from "./cn";

/** Pages shown on either side of the current one; the first and the last are always linked. */
const PAGE_WINDOW = 1;

/**
 * The page links to show: the first, the last and a window around the current one, with gaps between.
 * Built from those few pages only, so a service that claims 500,000,000 pages costs nothing.
 */
export function pageItems(current: number, last: number): (number | "gap")[] {
  const pages = new Set([1, last]);
  for (let page = current - PAGE_WINDOW; page <= current + PAGE_WINDOW; page += 1)
    if (page >= 1 && page <= last) pages.add(page);
  const items: (number | "gap")[] = [];
  for (const page of [...pages].sort((a, b) => a - b)) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous > 1) items.push("gap");
    items.push(page);
  }
  return items;
}

type PaginationProps = {
  /** The accessible name of the navigation: "Blocked users pages". */
  label: string;
  /** Numbered pages, where the total is known. */
  pages?: { current: number; last: number; href: (page: number) => string };
  /** For a list read by cursor (no page numbers): where the previous and next links lead, if anywhere. */
  previous?: string | null;
  next?: string | null;
  previousLabel?: string;
  nextLabel?: string;
  /** Keep the scroll position, for a list inside a longer page. */
  scroll?: boolean;
};

function StepLink({ href, label, scroll }: { href: string | null | undefined; label: string; scroll: boolean }) {
  if (!href)
    return (
      <span
        aria-disabled="true"
        className="inline-flex cursor-not-allowed items-center justify-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-400"
      >
        {label}
      </span>
    );
  return (
    <AppLink href={href} scroll={scroll} className={buttonClasses("secondary", "sm")}>
      {label}
    </AppLink>
  );
}

/** The one pagination of the console: numbered pages with a window around the current one, or cursor steps. */
export function Pagination({
  label,
  pages,
  previous,
  next,
  previousLabel = "Previous page",
  nextLabel = "Next page",
  scroll = true,
}: PaginationProps) {
  const current = pages?.current ?? 1;
  const last = pages?.last ?? 1;
  const previousHref = pages ? (current > 1 ? pages.href(current - 1) : null) : previous;
  const nextHref = pages ? (current < last ? pages.href(current + 1) : null) : next;
  if (!previousHref && !nextHref) return null;

  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {pages && (
        <p className="text-sm text-slate-700">
          Page {formatCount(current)} of {formatCount(last)}
        </p>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <StepLink href={previousHref} label={previousLabel} scroll={scroll} />
        </li>
        {pages &&
          pageItems(current, last).map((item, index) =>
            item === "gap" ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={item}>
                <AppLink
                  href={pages.href(item)}
                  scroll={scroll}
                  aria-current={item === current ? "page" : undefined}
                  className={cn(
                    "inline-flex min-w-8 items-center justify-center rounded-md px-2 py-1 text-sm",
                    item === current ? "bg-brand-600 font-semibold text-white" : "text-slate-800 hover:bg-slate-100",
                  )}
                >
                  <span className="sr-only">Page </span>
                  {formatCount(item)}
                </AppLink>
              </li>
            ),
          )}
        <li>
          <StepLink href={nextHref} label={nextLabel} scroll={scroll} />
        </li>
      </ul>
    </nav>
  );
}
