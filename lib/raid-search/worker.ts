import { randomUUID } from "node:crypto";
import { jobCreator } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import { ChatApiError, chatApiForJobs } from "@/lib/chat-api";
import type { ScannedMessage } from "@/lib/chat-api/moderation-schemas";
import { chunkBackoffMs, retryAfterMs } from "@/lib/chat-api/retry";
import { getDb, type Database } from "@/lib/db/client";
import type { RaidSearchSlice } from "@/lib/db/schema";
import { takeCallPlace } from "@/lib/incidents/rate-budget";
import { log } from "@/lib/log";
import { defineWorker } from "@/lib/workers/define-worker";
import { filtersOf, matchesLocally, MIN_PAGE_LIMIT, PAGE_LIMIT, scopeOf, type FoundMessage } from "./criteria";
import { pageRecorder, type PageRecorder } from "./recorder";
import {
  claimSearch,
  endSearch,
  getSearch,
  noteSearchError,
  releaseSearch,
  renewSearchLease,
  type RaidSearch,
} from "./store";

/**
 * Runs searches for a raid's senders in the background of every console process: a search is
 * claimed with a lease, its window's slices are paged at once, newest first, each call taking its
 * place in the rate budget incident jobs share, and the pages are recorded as they come, a few
 * together (./recorder.ts). A stop, a shutdown or a lost lease ends the paging between two pages; another process resumes a search
 * given back from its slices' cursors.
 */

type SearchRunner = { owner: string; stopped: () => boolean; running: Map<string, Promise<void>> };

/** Searches one process runs at once. */
const AT_ONCE = 2;
/** Failed attempts at one page before the search fails. */
const GIVE_UP_AFTER = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const searchLog = () => log().child({ component: "raid-search" });

/** A message as the search keeps it. */
const foundOf = (message: ScannedMessage): FoundMessage => ({
  id: message.id,
  sender: message.sender ?? "",
  sentAt: message.sentAt ?? 0,
  text: message.text ?? "",
  name: message.senderName ?? "",
  accountCreatedAt: message.senderCreatedAt ?? null,
});

/**
 * Waits for a place in the jobs' rate budget, what was read recorded before any wait; false when the
 * search should stop waiting.
 */
async function awaitPlace(
  db: Database,
  runner: SearchRunner,
  searchId: string,
  recorder: PageRecorder,
): Promise<boolean> {
  for (let wait = await takeCallPlace(db); wait !== undefined; wait = await takeCallPlace(db)) {
    if (!(await recorder.flush())) return false;
    await sleep(wait);
    if (runner.stopped() || !(await renewSearchLease(db, searchId, runner.owner))) return false;
  }
  return true;
}

type SliceEnd = "done" | "stop";

/** Pages one slice to its end (or until the search stops), each page given to the recorder. */
async function runSlice(
  db: Database,
  runner: SearchRunner,
  search: RaidSearch,
  slices: RaidSearchSlice[],
  index: number,
  recorder: PageRecorder,
): Promise<SliceEnd> {
  const client = chatApiForJobs();
  let failures = 0;
  while (!slices[index]!.done) {
    if (runner.stopped() || !(await awaitPlace(db, runner, search.id, recorder))) return "stop";
    const slice = slices[index]!;
    let page;
    try {
      page = await client.scanMessages(scopeOf(search.criteria), filtersOf(search.criteria, slice));
    } catch (error) {
      if (!(error instanceof ChatApiError)) throw error;
      const limit = slice.limit ?? PAGE_LIMIT;
      // An answer too large for the console to read: the same place again, in smaller pages.
      if (error.kind === "malformed_response" && limit > MIN_PAGE_LIMIT) {
        slices[index] = { ...slice, limit: Math.max(MIN_PAGE_LIMIT, Math.floor(limit / 2)) };
        continue;
      }
      failures += 1;
      const permanent = error.kind === "not_found" || error.kind === "bad_request" || error.kind === "unauthorized";
      if (permanent || failures >= GIVE_UP_AFTER) throw error;
      await noteSearchError(db, search.id, error.userMessage);
      await sleep(error.kind === "rate_limited" ? retryAfterMs(error.retryAfterSeconds) : chunkBackoffMs(failures));
      continue;
    }
    failures = 0;
    const messages = page.data.data;
    const next = page.data.meta?.next;
    const done = messages.length < (slice.limit ?? PAGE_LIMIT) || !next;
    const state = {
      ...slice,
      cursor: next ? { affix: next.affix, sentAt: next.sentAt, id: next.id } : slice.cursor,
      done,
    };
    const matched = messages.map(foundOf).filter((message) => matchesLocally(search.criteria, message));
    if (!(await recorder.add(index, state, { scanned: messages.length, matched }))) return "stop";
  }
  return "done";
}

/** The search's end in the action log, by the operator who started it: what it read and found. */
async function logEnd(db: Database, searchId: string): Promise<void> {
  const search = await getSearch(db, searchId);
  if (!search) return;
  await appendAuditEvent({
    operationId: randomUUID(),
    actor: jobCreator(search),
    action: "raid.search.end",
    outcome: search.status === "failed" ? "failed" : "succeeded",
    affectedUids: [],
    requestBody: { searchId: search.id },
    summary: {
      searchId: search.id,
      status: search.status,
      scanned: search.scanned,
      matched: search.matched,
      calls: search.calls,
      ...(search.lastError && search.status === "failed" ? { error: search.lastError } : {}),
    },
  });
}

async function runSearch(runner: SearchRunner, search: RaidSearch): Promise<void> {
  const db = await getDb();
  const slices = search.cursors.map((slice) => ({ ...slice }));
  const recorder = pageRecorder(db, { id: search.id, owner: runner.owner }, slices);
  try {
    const ends = await Promise.all(
      slices.map((slice, index) => (slice.done ? "done" : runSlice(db, runner, search, slices, index, recorder))),
    );
    // What was read before a stop or a shutdown is kept too: the search resumes after it.
    const held = await recorder.flush();
    if (held && ends.every((end) => end === "done")) {
      await endSearch(db, search.id, runner.owner, { status: "completed" });
      await logEnd(db, search.id);
    } else if (held && runner.stopped()) {
      await releaseSearch(db, search.id, runner.owner);
    }
  } catch (error) {
    const message = error instanceof ChatApiError ? error.userMessage : "The console failed while reading messages.";
    if (!(error instanceof ChatApiError))
      searchLog().error({ err: error, searchId: search.id }, "a search failed in the console");
    await endSearch(db, search.id, runner.owner, { status: "failed", lastError: message });
    await logEnd(db, search.id);
  }
}

export const raidSearchRunner = defineWorker<SearchRunner>({
  name: "raid search runner",
  everyMs: () => 1000,
  init: ({ owner, stopped }) => ({ owner, stopped, running: new Map() }),
  tick: async ({ state }) => {
    while (state.running.size < AT_ONCE && !state.stopped()) {
      const search = await claimSearch(await getDb(), state.owner);
      if (!search) return;
      const work = runSearch(state, search)
        .catch((err: unknown) => searchLog().error({ err, searchId: search.id }, "a search's work failed"))
        .finally(() => state.running.delete(search.id));
      state.running.set(search.id, work);
    }
  },
  underWay: (state) => [...state.running.values()],
  release: async ({ state }) => {
    const db = await getDb();
    await Promise.all([...state.running.keys()].map((id) => releaseSearch(db, id, state.owner)));
  },
});

/** A search was started: the runner takes it up now rather than at its next tick. */
export const wakeSearchRunner = () => raidSearchRunner.wake();
