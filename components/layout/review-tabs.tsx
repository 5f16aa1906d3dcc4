import { SubNav } from "@/components/ui/sub-nav";

/** "Reports" and "Blocked messages": the two queues of messages waiting for a person's judgement, side by side. */
export function ReviewTabs({
  current,
  openReports,
  pendingBlocked,
}: {
  current: "reports" | "blocked";
  openReports: number;
  /** Undefined for a role that does not read the blocked messages: no tab for them. */
  pendingBlocked: number | undefined;
}) {
  return (
    <SubNav
      label="Messages waiting for review"
      items={[
        { href: "/reports", label: "Reports", count: openReports, current: current === "reports" },
        ...(pendingBlocked === undefined
          ? []
          : [
              {
                href: "/reports/blocked",
                label: "Blocked messages",
                count: pendingBlocked,
                current: current === "blocked",
              },
            ]),
      ]}
    />
  );
}
