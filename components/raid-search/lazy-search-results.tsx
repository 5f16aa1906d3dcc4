"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import type { SearchResults } from "./search-results";

const Results = lazy(() => import("./search-results").then((module) => ({ default: module.SearchResults })));

/**
 * A search's senders (./search-results.tsx), whose code (their table, progress and controls: ~3 KiB gzip)
 * is loaded with a page that shows a search, not with every visit to `/incidents`. Rendered on the server
 * as the rest of the page is.
 */
export function LazySearchResults(props: ComponentProps<typeof SearchResults>) {
  return (
    <Suspense fallback={<p className="text-sm text-slate-700">Loading the senders…</p>}>
      <Results {...props} />
    </Suspense>
  );
}
