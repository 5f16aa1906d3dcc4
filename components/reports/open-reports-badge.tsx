"use client";

import { useState } from "react";
import { countOf } from "@/lib/format/numbers";
import { openReportsRead } from "@/lib/reads/urls";
import { NavCountBadge } from "@/components/ui/nav-count-badge";
import { useLiveRead } from "@/lib/reads/use-live-read";

const POLL_MS = 10_000;

/**
 * The number of reports waiting for a decision, beside "Reports": read again every ten seconds from
 * a GET route (never a polled action), so that new reports show without a reload. Nothing when none.
 */
export function OpenReportsBadge({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useLiveRead<{ open: number }>(openReportsRead.url, {
    everyMs: POLL_MS,
    onAnswer: (answer) => {
      if (answer.ok) setCount(answer.data.open);
    },
  });

  return (
    <NavCountBadge
      count={count}
      shown={count > 999 ? "999+" : undefined}
      tone="bg-red-700"
      label={countOf(count, "open report", "open reports")}
    />
  );
}
