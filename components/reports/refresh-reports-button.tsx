"use client";

import { useRouter } from "next/navigation";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { useServerAction } from "@/lib/actions/use-server-action";
import { countOf } from "@/lib/format/numbers";
import { refreshReportsAction } from "@/lib/reports/actions/refresh-reports";

/** "Refresh": reads the chat service's list of reports again now, then shows the queue as it is. */
export function RefreshReportsButton() {
  const router = useRouter();
  const refresh = useServerAction(refreshReportsAction);
  const done = refresh.result?.ok ? refresh.result.data : null;
  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="secondary"
        busy={refresh.pending}
        onClick={() => void refresh.run({}, (answer) => (answer.ok ? router.refresh() : undefined))}
      >
        {refresh.pending ? "Refreshing…" : "Refresh"}
      </Button>
      <p role="status" className="text-sm text-slate-600">
        {done &&
          `${countOf(done.seen, "report", "reports")} waiting at the chat service${done.gone > 0 ? `; ${countOf(done.gone, "report was", "reports were")} decided elsewhere` : ""}.`}
      </p>
      {refresh.failure && <ActionFailure failure={refresh.failure} />}
    </div>
  );
}
