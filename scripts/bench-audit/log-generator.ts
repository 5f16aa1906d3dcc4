import { randomUUID } from "node:crypto";
import { affectedSummary, uniqueUids } from "../../lib/audit/affected";
import { withoutSecrets, type AuditEvent } from "../../lib/audit/append";
import { hashEntry, type ChainedEntry } from "../../lib/audit/chain";
import { AUDIT_ACTIONS, type AuditAction, type AuditOutcome } from "../../lib/audit/vocabulary";
import { incidentJob } from "./incident-job";
import {
  mulberry32,
  OPERATORS,
  REASONS,
  STRANGER_EMAILS,
  TAGS,
  UID_POOL,
  uidAt,
  type Operator,
  type Role,
} from "./fixtures";

export type Draft = Omit<ChainedEntry, "seq" | "id" | "occurredAt" | "prevHash" | "affected"> & { uids: string[] };

/** An entry and the UID rows of its operation, as append.ts writes them. */
export type GeneratedEntry = { event: AuditEvent; uids: string[] };

/**
 * Makes the entries of the log in order, as the console writes them: most operations are a
 * "requested" entry and, a few entries later, its completion with the same operationId.
 */
export class LogGenerator {
  private readonly random = mulberry32(20_261_121);
  private readonly scheduled: Array<{ dueSeq: number; draft: Draft }> = [];
  private seq: number;
  private prevHash: string;
  private time: number;
  private readonly step: number;
  /** Incident jobs of 10,000 UIDs, their calls folded under them, at even intervals through the log. */
  private nextJobAt: number;
  private readonly jobEvery: number;

  constructor(start: { seq: number; hash: string }, fromMs: number, toMs: number, count: number) {
    this.jobEvery = Math.min(100_000, count);
    this.nextJobAt = start.seq + Math.floor(this.jobEvery / 2);
    this.seq = start.seq;
    this.prevHash = start.hash;
    this.time = fromMs;
    this.step = (toMs - fromMs) / count;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private uid(): string {
    return uidAt(Math.floor(UID_POOL * this.random() ** 2));
  }

  private operator(roles: Role[]): Operator {
    return this.pick(OPERATORS.filter((operator) => roles.includes(operator.role)));
  }

  private draft(operator: Operator, action: AuditAction, outcome: AuditOutcome): Draft {
    return {
      uids: [],
      completesOperation: false,
      parentOperationId: null,
      operationId: randomUUID(),
      actorId: operator.id,
      actorEmail: operator.email,
      actorRole: operator.role,
      action,
      targetUid: null,
      onBehalfOf: null,
      reason: null,
      requestBody: null,
      outcome,
      httpStatus: null,
      errorCode: null,
      summary: null,
      durationMs: null,
      ip: this.pick(operator.ips),
      userAgent: operator.userAgent,
      requestId: randomUUID(),
    };
  }

  /** Logs "requested" now and its completion a few entries later (rarely never: outcome unknown). */
  private operation(requested: Draft, completion: Partial<Draft> & { outcome: AuditOutcome }): Draft {
    if (this.random() > 0.0005) {
      this.scheduled.push({
        dueSeq: this.seq + 2 + Math.floor(this.random() * 4),
        draft: {
          ...requested,
          ...completion,
          uids: [],
          completesOperation: true,
          durationMs: 40 + Math.floor(this.random() * 1500),
        },
      });
    }
    return requested;
  }

  private blockOperation(): Draft {
    const unblock = this.random() < 0.25;
    const operator = this.operator(["admin", "moderator"]);
    const blocker = this.uid();
    const count = this.random() < 0.7 ? 1 : 2 + Math.floor(this.random() * 24);
    const uids = [...new Set(Array.from({ length: count }, () => this.uid()))].filter((uid) => uid !== blocker);
    if (uids.length === 0) uids.push(uidAt(UID_POOL - 1));
    const requested = {
      ...this.draft(operator, unblock ? "users.unblock" : "users.block", "requested"),
      targetUid: blocker,
      uids: [blocker, ...uids],
      reason: this.pick(REASONS),
      requestBody: withoutSecrets({ blockedUids: uids }),
    };
    const roll = this.random();
    if (roll > 0.97) {
      return this.operation(requested, {
        outcome: "failed",
        errorCode: this.pick(["SERVICE_UNAVAILABLE", "RATE_LIMITED", "TIMEOUT"]),
        httpStatus: this.pick([503, 429, null]),
      });
    }
    const failing = roll > 0.92 ? Math.max(1, Math.floor(uids.length / 3)) : 0;
    const counts = { blocked: 0, already_blocked: 0, unblocked: 0, not_blocked: 0, failed: 0, unknown: 0 };
    const outcomes = Object.fromEntries(
      uids.map((uid, index) => {
        const kind =
          index < failing
            ? "failed"
            : unblock
              ? this.random() < 0.9
                ? "unblocked"
                : "not_blocked"
              : this.random() < 0.9
                ? "blocked"
                : "already_blocked";
        counts[kind] += 1;
        const message =
          kind === "failed"
            ? `The UID ${uid} does not exist.`
            : kind === "already_blocked"
              ? "Already blocked."
              : kind === "not_blocked"
                ? "The user is not blocked."
                : "";
        return [uid, { outcome: kind, message }];
      }),
    );
    const outcome: AuditOutcome = failing === 0 ? "succeeded" : failing === uids.length ? "failed" : "partial";
    return this.operation(requested, { outcome, httpStatus: 200, summary: { counts, outcomes } });
  }

  private tagsOperation(): Draft {
    const operator = this.operator(["admin", "moderator", "support"]);
    const uid = this.uid();
    const partner = this.uid();
    const tags = [...new Set([this.pick(TAGS), this.pick(TAGS)])];
    const requested = {
      ...this.draft(operator, "conversation.tags.update", "requested"),
      targetUid: uid,
      onBehalfOf: partner,
      uids: [partner, uid],
      reason: this.pick(REASONS),
      requestBody: withoutSecrets({ tags }),
    };
    if (this.random() < 0.03) {
      return this.operation(requested, { outcome: "failed", errorCode: "ERR_CONVERSATION_NOT_FOUND", httpStatus: 404 });
    }
    return this.operation(requested, {
      outcome: "succeeded",
      httpStatus: 200,
      summary: {
        conversationId: `${partner}_user_${uid}`,
        changeSet: { tags: { old: [this.pick(TAGS)], new: tags } },
      },
    });
  }

  private operatorOperation(): Draft {
    const operator = this.operator(["admin"]);
    const subject = this.pick(OPERATORS);
    const create = this.random() < 0.3;
    const role = this.pick(["support", "moderator", "auditor", "admin"]);
    const requested = {
      ...this.draft(operator, create ? "operator.create" : "operator.update", "requested"),
      requestBody: withoutSecrets(
        create
          ? { email: subject.email, name: subject.email.split("@")[0], role, password: "hidden" }
          : { id: subject.id, change: "role", role },
      ),
    };
    return this.operation(requested, {
      outcome: "succeeded",
      summary: {
        operator: { id: subject.id, email: subject.email },
        changeSet: { role: { old: create ? null : subject.role, new: role } },
      },
    });
  }

  private auditOperation(): Draft {
    const operator = this.operator(["admin", "auditor"]);
    if (this.random() < 0.6) {
      const requested = {
        ...this.draft(operator, "audit.export", "requested"),
        requestBody: { format: this.pick(["csv", "ndjson"]), filter: { action: this.pick(AUDIT_ACTIONS) } },
      };
      return this.operation(requested, {
        outcome: "succeeded",
        summary: { entries: Math.floor(this.random() * 50_000) },
      });
    }
    return this.operation(this.draft(operator, "audit.verify", "requested"), {
      outcome: "succeeded",
      summary: { checked: this.seq, head: { seq: this.seq, hash: this.prevHash } },
    });
  }

  private signInEvent(): Draft {
    const roll = this.random();
    const operator = this.pick(OPERATORS);
    if (roll < 0.6) return this.draft(operator, "auth.sign_in", "succeeded");
    if (roll < 0.9) return this.draft(operator, "auth.sign_out", "succeeded");
    const stranger = this.random() < 0.4;
    return {
      ...this.draft(operator, "auth.sign_in_failed", "failed"),
      actorId: stranger ? null : operator.id,
      actorEmail: stranger ? this.pick(STRANGER_EMAILS) : operator.email,
      actorRole: null,
      errorCode: this.pick(["INVALID_CREDENTIALS", "INVALID_CREDENTIALS", "LOCKED", "DISABLED"]),
    };
  }

  private forbiddenEvent(): Draft {
    const operator = this.operator(["support", "auditor"]);
    return {
      ...this.draft(operator, "users.block", "failed"),
      errorCode: "FORBIDDEN",
      ...((blocker, uid) => ({ uids: [blocker, uid], requestBody: { blockedUids: [uid] }, targetUid: blocker }))(
        this.uid(),
        this.uid(),
      ),
    };
  }

  /** An incident job of 10,000 UIDs; its calls are logged over the next few thousand entries. */
  private jobOperation(): Draft {
    const operator = this.operator(["admin", "moderator"]);
    const job = incidentJob(
      (action) => this.draft(operator, action, "requested"),
      () => this.uid(),
      this.pick(REASONS),
    );
    for (const { after, draft } of job.calls) this.scheduled.push({ dueSeq: this.seq + after, draft });
    return this.operation(job.start, { outcome: "succeeded", summary: { jobId: job.jobId, total: job.total } });
  }

  private nextDraft(): Draft {
    const due = this.scheduled.findIndex((item) => item.dueSeq <= this.seq + 1);
    if (due >= 0) {
      const { draft } = this.scheduled.splice(due, 1)[0]!;
      // A call is logged as an operation: its completion follows it.
      return draft.action === "incident.job.call" && !draft.completesOperation
        ? this.operation(draft, { outcome: "succeeded", httpStatus: 200 })
        : draft;
    }
    if (this.seq + 1 >= this.nextJobAt) {
      this.nextJobAt += this.jobEvery;
      return this.jobOperation();
    }
    const roll = this.random();
    if (roll < 0.42) return this.blockOperation();
    if (roll < 0.68) return this.tagsOperation();
    if (roll < 0.95) return this.signInEvent();
    if (roll < 0.97) return this.operatorOperation();
    if (roll < 0.99) return this.auditOperation();
    return this.forbiddenEvent();
  }

  /** The next entry, chained to the one before it exactly as append.ts chains it, with its UID rows. */
  next(): GeneratedEntry {
    this.seq += 1;
    this.time += Math.floor(this.random() * 2 * this.step);
    const { uids: named, ...draft } = this.nextDraft();
    const uids = uniqueUids(named);
    const entry: ChainedEntry = {
      ...draft,
      affected: uids.length > 0 ? affectedSummary(uids) : null,
      seq: this.seq,
      id: randomUUID(),
      occurredAt: new Date(this.time),
      prevHash: this.prevHash,
    };
    const event = { ...entry, hash: hashEntry(entry) };
    this.prevHash = event.hash;
    return { event, uids };
  }
}
