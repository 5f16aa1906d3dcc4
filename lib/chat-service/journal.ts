import { asc } from "drizzle-orm";
import { chatBlockCallJournal } from "./db/schema";
import { chatStore } from "./service";

// Entries are written with the blocks they record, in one statement (./statements.ts).

export async function readBlockCallJournal() {
  const rows = await chatStore().db.select().from(chatBlockCallJournal).orderBy(asc(chatBlockCallJournal.id));
  return rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() }));
}

export async function clearBlockCallJournal(): Promise<void> {
  await chatStore().db.delete(chatBlockCallJournal);
}
