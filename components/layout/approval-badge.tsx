"use client";

import { useState } from "react";
import { countOf } from "@/lib/format/numbers";
import type { ApprovalRequests } from "@/lib/approvals/requests";
import { approvalRequestsRead } from "@/lib/reads/urls";
import { useLiveRead } from "@/lib/reads/use-live-read";
import { NavCountBadge } from "@/components/ui/nav-count-badge";

const POLL_MS = 10_000;

/**
 * The number of requests waiting for this operator's decision, beside "Incidents": read again every
 * ten seconds, so that a new request shows without a reload. Nothing when there is none.
 */
export function ApprovalBadge({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useLiveRead<ApprovalRequests>(approvalRequestsRead.url, {
    everyMs: POLL_MS,
    dates: approvalRequestsRead.dates,
    onAnswer: (answer) => {
      if (answer.ok) setCount(answer.data.waitingForYou);
    },
  });

  return (
    <NavCountBadge
      count={count}
      tone="bg-amber-600"
      label={`${countOf(count, "request", "requests")} waiting for your approval`}
    />
  );
}
