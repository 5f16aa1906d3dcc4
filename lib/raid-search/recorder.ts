import type { Database } from "@/lib/db/client";
import type { RaidSearchSlice } from "@/lib/db/schema";
import { progressOf, type FoundMessage } from "./criteria";
import { recordPages, type PagesRead } from "./store";

/**
 * The pages a search's slices read, recorded together rather than one statement a page: a page of
 * 1,000 messages recorded alone cost the embedded database more than reading it did (50 ms against
 * 26), most of it its senders' counts, which a batch of pages updates once a sender.
 */

/** Pages are recorded at least this often while they come, so that progress and senders show as they grow. */
const RECORD_EVERY_MS = 1000;
/** At most this many pages wait unrecorded: a slice that reads another waits for the record. */
const MOST_WAITING = 25;

const nothingRead = (): PagesRead => ({ calls: 0, scanned: 0, messages: [] });

export type PageRecorder = {
  /**
   * A slice read a page: its new state, what it held and what matched. Recorded now when a record is
   * due, later otherwise. False when the search is no longer this process's to run.
   */
  add: (slice: number, state: RaidSearchSlice, page: { scanned: number; matched: FoundMessage[] }) => Promise<boolean>;
  /** Records what waits (before the search waits for the rate budget, or ends). */
  flush: () => Promise<boolean>;
};

export function pageRecorder(
  db: Database,
  search: { id: string; owner: string },
  slices: RaidSearchSlice[],
): PageRecorder {
  let waiting = nothingRead();
  let lastRecord = performance.now();
  let held = true;
  // One record at a time, in the order pages were read.
  let recording: Promise<boolean> = Promise.resolve(true);

  const flush = (): Promise<boolean> => {
    if (waiting.calls === 0) return recording;
    // What waits and the slices' states are taken together, so that the cursors recorded are those after these pages.
    const read = waiting;
    const cursors = slices.map((slice) => ({ ...slice }));
    waiting = nothingRead();
    lastRecord = performance.now();
    recording = recording.then(async (stillHeld) => {
      if (!stillHeld) return false;
      held = await recordPages(db, {
        searchId: search.id,
        owner: search.owner,
        cursors,
        progress: progressOf(cursors),
        read,
      });
      return held;
    });
    return recording;
  };

  return {
    add: async (slice, state, page) => {
      if (!held) return false;
      slices[slice] = state;
      waiting.calls += 1;
      waiting.scanned += page.scanned;
      for (const message of page.matched) waiting.messages.push(message);
      if (waiting.calls >= MOST_WAITING || performance.now() - lastRecord >= RECORD_EVERY_MS) return flush();
      return held;
    },
    flush,
  };
}
