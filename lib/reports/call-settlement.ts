import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { appendAuditEvent } from "@/lib/audit/append";
import { SYSTEM_ACTOR } from "@/lib/audit/actor";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { lateEffectWindowMs } from "@/lib/chat-api/retry";
import type { Database } from "@/lib/db/client";
import { reportCallSettlements } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";

/**
 * A removal's ban or deactivation whose answer never came is outcome unknown: it is recorded here and,
 * once the call can no longer take effect, settled from what the service lists (the group's banned
 * users, the deactivated users), logged by the system as `report.settle` under the decision.
 */

type LostCall = { parentOperationId: string; call: "ban" | "deactivate"; uids: string[]; guid?: string };

export async function scheduleCallSettlement(db: Database, lost: LostCall): Promise<void> {
  await db.insert(reportCallSettlements).values({
    ...lost,
    guid: lost.guid ?? null,
    settleAfter: new Date(Date.now() + lateEffectWindowMs(getEnv().chatApiTimeoutMs)),
  });
}

const LISTED_PAGE = 1000;

/** Which of `uids` the service lists now as banned from the group, or as deactivated. */
async function takenEffect(lost: typeof reportCallSettlements.$inferSelect): Promise<Set<string>> {
  if (lost.call === "ban") {
    const banned = await chatApi().listBannedUsers(lost.guid!, { page: 1, perPage: LISTED_PAGE });
    return new Set(banned.data.data.map((user) => user.uid));
  }
  const found = new Set<string>();
  for (const uid of lost.uids) {
    const page = await chatApi().listUsers({ searchKey: uid, page: 1, perPage: 100, onlyDeactivated: true });
    if (page.data.data.some((user) => user.uid === uid)) found.add(uid);
  }
  return found;
}

/** Settles the lost calls that are due: each once (a conditional UPDATE claims it), its outcome logged. */
export async function settleLostCalls(db: Database): Promise<void> {
  const due = await db
    .select()
    .from(reportCallSettlements)
    .where(and(isNull(reportCallSettlements.settledAt), lt(reportCallSettlements.settleAfter, sql`now()`)));
  for (const lost of due) {
    let found: Set<string>;
    try {
      found = await takenEffect(lost);
    } catch (error) {
      // Read again at the next pass.
      if (error instanceof ChatApiError) continue;
      throw error;
    }
    const [claimed] = await db
      .update(reportCallSettlements)
      .set({ settledAt: sql`now()` })
      .where(and(eq(reportCallSettlements.id, lost.id), isNull(reportCallSettlements.settledAt)))
      .returning({ id: reportCallSettlements.id });
    if (!claimed) continue;
    const done = lost.uids.filter((uid) => found.has(uid));
    const word = lost.call === "ban" ? "banned" : "deactivated";
    await appendAuditEvent({
      operationId: randomUUID(),
      parentOperationId: lost.parentOperationId,
      actor: SYSTEM_ACTOR,
      action: "report.settle",
      outcome: done.length === lost.uids.length ? "succeeded" : done.length === 0 ? "failed" : "partial",
      affectedUids: lost.uids,
      targetUid: lost.uids[0],
      requestBody: { call: lost.call, uids: lost.uids, ...(lost.guid ? { guid: lost.guid } : {}) },
      summary: {
        call: lost.call,
        outcomes: Object.fromEntries(
          lost.uids.map((uid) => [uid, found.has(uid) ? word : `not ${word}: the call did not take effect`]),
        ),
      },
    });
  }
}
