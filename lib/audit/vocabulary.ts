import type { ChatApiErrorKind } from "@/lib/chat-api/errors";
import { OPERATOR_ROLES } from "@/lib/roles";

/**
 * The one vocabulary of the action log: the names of actions, outcomes and error codes that the
 * action wrapper writes, the appends store, the filters offer and the exports carry. A name the log
 * writes is a name the filter accepts, because both come from here.
 */
export const AUDIT_ACTIONS = [
  "conversation.tags.update",
  "users.block",
  "users.unblock",
  "users.block.expiry",
  "users.block.expire",
  "users.block.settle",
  "message.delete",
  "message.settle",
  "user.deactivate",
  "user.reactivate",
  "user.settle",
  "user.note.add",
  "user.note.edit",
  "user.note.delete",
  "group.member.kick",
  "group.member.ban",
  "group.member.unban",
  "group.member.settle",
  "incident.preview",
  "incident.job.start",
  "incident.job.request",
  "incident.job.approve",
  "incident.job.reject",
  "incident.job.withdraw",
  "incident.job.expire",
  "incident.job.break_glass",
  "incident.job.call",
  "incident.job.pause",
  "incident.job.resume",
  "incident.job.cancel",
  "incident.job.retry",
  "incident.job.undo",
  "incident.job.end",
  "raid.search.start",
  "raid.search.stop",
  "raid.search.export",
  "raid.search.end",
  "report.keep",
  "report.remove",
  "report.settle",
  "report.refresh",
  "report.claim",
  "report.take_over",
  "rule.create",
  "rule.update",
  "rule.enable",
  "rule.disable",
  "rule.test",
  "keyword_list.create",
  "keyword_list.update",
  "blocked_message.deliver",
  "blocked_message.keep",
  "raid_alert.raise",
  "raid_alert.dismiss",
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "operator.create",
  "operator.update",
  "audit.export",
  "audit.verify",
  "audit.checkpoint",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who may act in the log: an operator's role, or the console itself ("system": expiries, sweeps, checkpoints). */
export const AUDIT_ACTOR_ROLES = [...OPERATOR_ROLES, "system"] as const;

/** How an entry ends; "requested" is the first entry of an operation whose end is not yet written. */
/** "unknown": the chat service's answer never came and nothing read afterwards told what happened. */
export const AUDIT_OUTCOMES = ["requested", "succeeded", "failed", "partial", "unknown"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The console's own error codes, and a chat API failure's kind where the answer named no code. */
type ConsoleErrorCode =
  | "FORBIDDEN"
  | "REFUSED"
  | "INTERNAL"
  | "INVALID_CREDENTIALS"
  | "LOCKED"
  | "DISABLED"
  | "NO_ROLE"
  | "NO_EMAIL"
  | "EMAIL_TAKEN"
  | "EXPORT_FAILED"
  | "ANSWER_LOST"
  | Uppercase<ChatApiErrorKind>;
/** The chat service's own codes (`ERR_...`) are recorded as it sends them. */
export type AuditErrorCode = ConsoleErrorCode | `ERR_${string}`;

/** A chat service error's code, or its kind when the answer named none. */
export function errorCodeOf(error: { code?: string; kind: ChatApiErrorKind }): AuditErrorCode {
  if (error.code?.startsWith("ERR_")) return error.code as `ERR_${string}`;
  return error.kind.toUpperCase() as Uppercase<ChatApiErrorKind>;
}
