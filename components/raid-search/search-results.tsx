"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { ActionFailure } from "@/components/ui/action-failure";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useOffered, useSelection } from "@/components/ui/selection";
import { stopRaidSearchAction } from "@/lib/raid-search/actions/stop-raid-search";
import { useServerAction } from "@/lib/actions/use-server-action";
import { formatCount } from "@/lib/format/numbers";
import type { SearchView } from "@/lib/raid-search/view";
import { readJson } from "@/lib/reads/read-json";
import { raidSearchRead, raidSearchUidsRead } from "@/lib/reads/urls";
import { useLiveRead } from "@/lib/reads/use-live-read";
import { SearchSummary } from "./search-summary";
import { SendersTable } from "./senders-table";

const POLL_MS = 1000;
const FINAL_CODES = new Set(["SIGNED_OUT", "FORBIDDEN", "NOT_FOUND", "INVALID_INPUT"]);
const STATUS_LABELS = { running: "Running", stopped: "Stopped", completed: "Completed", failed: "Failed" } as const;

/**
 * A search's progress (read every second while it runs, with "Stop") and its senders: filterable,
 * paged, every row selectable, "Select all", and the CSV. The selection is the page's: the actions on
 * the accounts act on it. Without `canAct` (support) the search is followed and downloaded, nothing more.
 */
export function SearchResults({ initial, canAct }: { initial: SearchView; canAct: boolean }) {
  const id = useId();
  const router = useRouter();
  const selection = useSelection();
  const [view, setView] = useState(initial);
  const [filter, setFilter] = useState(initial.senders.filter);
  const [page, setPage] = useState(initial.senders.page);
  const [readError, setReadError] = useState<{ message: string; final: boolean } | null>(null);
  const [allUids, setAllUids] = useState<string[]>([]);
  const stop = useServerAction(stopRaidSearchAction);
  const { search, senders } = view;
  const running = search.status === "running";
  const read = raidSearchRead(search.id, filter, page);
  const refresh = useLiveRead<SearchView>(read.url, {
    everyMs: POLL_MS,
    active: running && !readError?.final,
    dates: read.dates,
    onAnswer: (answer) => {
      if (answer.ok) {
        setView(answer.data);
        setReadError(null);
      } else setReadError({ message: answer.message, final: FINAL_CODES.has(answer.code ?? "") });
    },
  });

  // A new filter or page is read at once; so is the search once it ends (the senders' state comes with it).
  const asked = useRef(read.url);
  useEffect(() => {
    if (asked.current !== read.url) void refresh();
    asked.current = read.url;
  }, [read.url, refresh]);
  const statusBefore = useRef(search.status);
  useEffect(() => {
    if (statusBefore.current === "running" && search.status !== "running") {
      void refresh();
      router.refresh();
    }
    statusBefore.current = search.status;
  }, [search.status, refresh, router]);

  // What the rows offer to the selection: this page's senders, and all of them once "Select all" read them.
  useOffered([...new Set([...allUids, ...senders.rows.map((row) => row.uid)])]);

  async function selectAll() {
    const answer = await readJson<{ uids: string[] }>(raidSearchUidsRead(search.id, filter).url);
    if (!answer.ok) return setReadError({ message: answer.message, final: false });
    setAllUids(answer.data.uids);
    for (const uid of answer.data.uids) selection?.toggle(uid, true);
  }

  const percent = Math.round(search.progress * 100);
  return (
    <div className="space-y-4">
      <SearchSummary search={search} />
      <div role="status" className="text-sm font-medium text-slate-900">
        {STATUS_LABELS[search.status]}: {formatCount(search.scanned)} messages read, {formatCount(search.matched)}{" "}
        matching, {formatCount(senders.total)} senders, {formatCount(search.calls)} calls to the chat service.
      </div>
      {running && (
        <p className="text-sm text-slate-700">
          Budget in use: {formatCount(view.budget.callsLastMinute)} of {formatCount(view.budget.allowedPerMinute)} calls
          a minute, shared with the incident jobs.
        </p>
      )}
      <ProgressBar label="Search progress" value={percent} max={100} valueText={`${percent}% of the window read`} />
      {running && canAct && (
        <Button
          variant="secondary"
          busy={stop.pending}
          onClick={() => void stop.run({ searchId: search.id }, () => void refresh())}
        >
          {stop.pending ? "Stopping…" : "Stop"}
        </Button>
      )}
      {stop.failure && <ActionFailure failure={stop.failure} />}
      {search.status === "failed" && search.lastError && (
        <Alert tone="error" title="The search failed">
          {search.lastError}
        </Alert>
      )}
      {readError && <Alert tone="warning">{readError.message}</Alert>}

      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            id={`${id}-filter`}
            label="Filter senders"
            hint="Part of a UID or a name."
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(1);
              setAllUids([]);
            }}
          />
        </div>
        {canAct && (
          <>
            <Button variant="secondary" onClick={() => void selectAll()}>
              Select all
            </Button>
            <Button variant="secondary" onClick={() => selection?.clear()}>
              Clear selection
            </Button>
          </>
        )}
        <a href={`/incidents/searches/${search.id}/senders`} className="text-sm text-brand-700 underline" download>
          Download the senders (CSV)
        </a>
      </div>
      {canAct && <p className="text-sm text-slate-700">{formatCount(selection?.selected.size ?? 0)} selected.</p>}
      <SendersTable rows={senders.rows} criteria={search.criteria} selectable={canAct} />
      {senders.pages > 1 && (
        <nav aria-label="Pages of senders" className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" disabled={senders.page <= 1} onClick={() => setPage(senders.page - 1)}>
            Previous page
          </Button>
          <span className="text-sm text-slate-700">
            Page {formatCount(senders.page)} of {formatCount(senders.pages)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={senders.page >= senders.pages}
            onClick={() => setPage(senders.page + 1)}
          >
            Next page
          </Button>
        </nav>
      )}
    </div>
  );
}
