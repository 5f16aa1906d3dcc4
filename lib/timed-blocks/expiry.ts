import { SYSTEM_ACTOR } from "@/lib/audit/actor";
import { randomUUID } from "node:crypto";
import { auditedOperation, failureOf } from "@/lib/audit/operation";
import { ChatApiError } from "@/lib/chat-api";
import { blockCompletion } from "@/lib/blocking/block-answer";
import { sendBlockCall } from "@/lib/blocking/send-block-call";
import { callDeadlineMs } from "@/lib/chat-api/retry";
import { getDb, type Database } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { defineWorker } from "@/lib/workers/define-worker";
import { awaitSettlement, claimDue, finishExpiry, releaseClaims, type TimedBlock } from "./store";

/**
 * Carries out timed blocks' expiry in every console process: the due rows are in the database, so
 * expiry survives restarts, and a claim with a lease gives each to one process. The unblock is sent
 * as the workspace sends one (lib/blocking/send-block-call.ts): an unblock whose answer was lost is
 * "outcome unknown" in the log and settled by the one settlement of lost answers (lib/settlements)
 * once it can no longer take effect, which ends the expiry or makes it due again. An unblock that failed is taken up again once
 * its lease runs out.
 */

const POLL_MS = 5000;

const expiryLog = () => log().child({ component: "timed-block-expiry" });

async function expire(db: Database, block: TimedBlock, owner: string): Promise<void> {
  const operationId = randomUUID();
  const reason = `Timed block set by ${block.setByEmail} expired${block.reason ? ` (${block.reason})` : ""}`;
  const uids = [block.blockedUid];
  try {
    const answer = await auditedOperation(
      {
        operationId,
        // The console's own act, an operation of its own (filtering on role "system" finds every
        // expiry); it names who set the expiry and the operation that did, which the entry's page links.
        actor: SYSTEM_ACTOR,
        action: "users.block.expire",
        affectedUids: [block.blockerUid, ...uids],
        targetUid: block.blockerUid,
        reason,
        requestBody: {
          blockedUids: uids,
          expiresAt: block.expiresAt.toISOString(),
          timedBlockId: block.id,
          setBy: block.setByEmail,
          setByOperationId: block.setByOperationId,
        },
      },
      () =>
        sendBlockCall(
          { blocker: block.blockerUid, uids, verb: "unblock" },
          { operationId, actor: SYSTEM_ACTOR, reason, expiresInSeconds: null },
        ),
      { success: blockCompletion, failure: failureOf },
    );
    const [row] = answer.rows;
    if (row?.outcome === "unblocked" || row?.outcome === "not_blocked")
      await finishExpiry(db, block.id, owner, "expired");
    else if (row?.outcome === "not_found") await finishExpiry(db, block.id, owner, "failed", row.message);
    else if (row?.outcome === "unknown" && answer.settlesAt)
      await awaitSettlement(db, block.id, owner, `${answer.lost ?? row.message} Settled at ${answer.settlesAt}.`);
  } catch (error) {
    // Left claimed: once the lease runs out, a process takes it up again.
    if (!(error instanceof ChatApiError)) expiryLog().error({ err: error, timedBlockId: block.id }, "an expiry failed");
  }
}

/**
 * Claims what is due and expires it, one after the other, until nothing is due. At shutdown it claims
 * nothing more, lets the unblock under way finish until the deadline, and gives back at once the due
 * expiries it claimed but did not reach, so that another process carries them out now rather than
 * when their leases run out. One still under way at the deadline keeps its lease: it may have reached
 * the chat service, and running it twice is what the lease prevents.
 */
export const timedBlockExpiry = defineWorker({
  name: "timed-block expiry",
  everyMs: () => POLL_MS,
  /** The expiry whose unblock is under way, if any. */
  init: () => ({ current: undefined as string | undefined }),
  tick: async ({ state, owner, stopped }) => {
    const db = await getDb();
    const leaseMs = callDeadlineMs(getEnv().chatApiTimeoutMs);
    for (let due = await claimDue(db, owner, leaseMs); due.length > 0; due = await claimDue(db, owner, leaseMs)) {
      for (const block of due) {
        if (stopped()) return;
        state.current = block.id;
        await expire(db, block, owner);
        state.current = undefined;
      }
    }
  },
  release: async ({ state, owner }) => {
    const db = await getDb();
    await releaseClaims(db, owner, state.current);
  },
});
