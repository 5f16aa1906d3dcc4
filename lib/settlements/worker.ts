import { getDb } from "@/lib/db/client";
import { defineWorker } from "@/lib/workers/define-worker";
import { releaseSettlementClaims, settleDue } from "./settle";

/** How often every console process looks for lost answers due to be settled. */
const POLL_MS = 5000;

/**
 * Settles calls whose answer was lost, of every kind, once they can no longer take effect: in every
 * console process, each settlement claimed by one (lib/settlements/settle.ts).
 */
export const lostAnswerSettlement = defineWorker({
  name: "lost-answer settlement",
  everyMs: () => POLL_MS,
  init: () => ({}),
  tick: async ({ owner, stopped }) => settleDue(await getDb(), owner, stopped),
  release: async ({ owner }) => releaseSettlementClaims(await getDb(), owner),
});
