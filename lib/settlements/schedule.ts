import { SYSTEM_ACTOR, type Actor } from "@/lib/audit/actor";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { lateEffectWindowMs } from "@/lib/chat-api/retry";
import type { Database } from "@/lib/db/client";
import { callSettlements, type SettlementKind } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";

/** The log's actions of settlements: each under the noun whose call's answer was lost. */
type SettleAction = "users.block.settle" | "report.settle" | "group.member.settle" | "user.settle" | "message.settle";

/** A call whose answer never came, and whom the settlement logs it for. */
export type LostCall = {
  kind: SettlementKind;
  /** The operation whose answer was lost: its settlement is logged under it. */
  operationId: string;
  action: SettleAction & AuditAction;
  /** The blocker, the group, the reported message: what the call was for besides its items. */
  target?: string;
  /** The UIDs or message ids whose outcome is unknown. */
  items: string[];
  /** The UIDs the settlement's log entry names: by default the items. */
  affectedUids?: string[];
  actor?: Actor;
  reason?: string;
  /** A timed block's length, for the UIDs the settlement finds blocked. */
  expiresInSeconds?: number | null;
  /** By default once the call can no longer take effect: one time-out and a margin from now. */
  settleAfter?: Date;
};

/**
 * Records a lost answer, to be settled from the service's state once the call can no longer take
 * effect (lib/settlements/settle.ts). Gives the time it will be, for the moderator.
 */
export async function scheduleSettlement(db: Database, lost: LostCall): Promise<Date> {
  const settleAfter = lost.settleAfter ?? new Date(Date.now() + lateEffectWindowMs(getEnv().chatApiTimeoutMs));
  const actor = lost.actor ?? SYSTEM_ACTOR;
  await db.insert(callSettlements).values({
    kind: lost.kind,
    operationId: lost.operationId,
    action: lost.action,
    target: lost.target ?? null,
    items: lost.items,
    affectedUids: lost.affectedUids ?? lost.items,
    settleAfter,
    expiresInSeconds: lost.expiresInSeconds ?? null,
    setById: actor.id,
    setByEmail: actor.email ?? "system",
    setByRole: actor.role ?? "system",
    reason: lost.reason ?? null,
  });
  return settleAfter;
}
