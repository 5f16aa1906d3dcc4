import { asc } from "drizzle-orm";
import type { ChatDatabase } from "./db/client";
import { chatCallJournal } from "./db/schema";
import { chatStore } from "./service";
import { serviceState } from "./settings";

// Block and unblock entries are written with the blocks they record, in one statement (./statements.ts);
// the other calls that change something write theirs with recordCall, in the transaction of the change.

type Call = { method: string; path: string; uids: string[]; details?: Record<string, unknown> };

/** Records a call that took effect, when the journal is on; `db` is the change's own transaction. */
export async function recordCall(db: ChatDatabase, call: Call): Promise<void> {
  if (!serviceState().settings.journal) return;
  await db.insert(chatCallJournal).values({ ...call, details: call.details ?? null });
}

export async function readCallJournal() {
  const rows = await chatStore().db.select().from(chatCallJournal).orderBy(asc(chatCallJournal.id));
  return rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() }));
}

export async function clearCallJournal(): Promise<void> {
  await chatStore().db.delete(chatCallJournal);
}
