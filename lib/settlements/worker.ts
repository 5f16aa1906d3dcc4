import { getDb } from "@/lib/db/client";
import { defineWorker } from "@/lib/workers/define-worker";
import type { SettlementKind } from "@/lib/db/schema";
import { SETTLEMENT_KINDS } from "./kinds";
import { releaseSettlementClaims, settleDue } from "./settle";

/** How often every console process looks for lost answers due to be settled. */
const POLL_MS = 5000;

/** The kinds settled by reading the chat service; a report's review is read from the index, after its reads. */
const SERVICE_KINDS = Object.keys(SETTLEMENT_KINDS) as SettlementKind[];

/**
 * Settles calls whose answer was lost once they can no longer take effect, every kind read from the
 * chat service: in every console process, each settlement claimed by one (lib/settlements/settle.ts).
 * A report's review is settled by the same sweep right after the reports index reads the flagged list
 * (lib/reports/index-worker.ts), since that read is what tells.
 */
export const lostAnswerSettlement = defineWorker({
  name: "lost-answer settlement",
  everyMs: () => POLL_MS,
  init: () => ({}),
  tick: async ({ owner, stopped }) => settleDue(await getDb(), owner, stopped, SERVICE_KINDS),
  release: async ({ owner }) => releaseSettlementClaims(await getDb(), owner),
});
