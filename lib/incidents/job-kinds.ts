import type { JobKindName } from "@/lib/db/schema";
import type { Permission } from "@/lib/roles";

/**
 * What each kind of job does to its items, in one table: the outcome of an item it changed and of
 * one that was already so, how many items go in one call, the kind that undoes it and the permission
 * it needs. A leaf module: the runner, the actions, the job's page and its labels all read it.
 */
export type JobKindSpec = {
  /** "Deactivating", for the job's title. */
  doing: string;
  /** "Deactivate", for the list of jobs. */
  verb: string;
  /** The outcome of an item the job changed, and of one already in that state before it. */
  changed: string;
  unchanged: string;
  /** Labels of those two counts on the job's page. */
  changedLabel: string;
  unchangedLabel: string;
  /** Items a call carries: the vendor's bulk calls take many, its ban and delete one. */
  perCall: number | "chunk";
  /** The kind that undoes this one, with its button's words; none when the vendor offers no undo. */
  undo?: { kind: JobKindName; label: string };
  permission: Permission;
  /** "messages" for a job whose items are messages, "calls" for a decision's calls, "UIDs" otherwise. */
  items: "UIDs" | "messages" | "calls";
};

export const JOB_KINDS: Record<JobKindName, JobKindSpec> = {
  block: {
    doing: "Blocking",
    verb: "Block",
    changed: "blocked",
    unchanged: "already_blocked",
    changedLabel: "Blocked",
    unchangedLabel: "Already blocked",
    perCall: "chunk",
    undo: { kind: "unblock", label: "Unblock all blocked by this job" },
    permission: "users.block",
    items: "UIDs",
  },
  unblock: {
    doing: "Unblocking",
    verb: "Unblock",
    changed: "unblocked",
    unchanged: "not_blocked",
    changedLabel: "Unblocked",
    unchangedLabel: "Not blocked",
    perCall: "chunk",
    permission: "users.unblock",
    items: "UIDs",
  },
  deactivate: {
    doing: "Deactivating",
    verb: "Deactivate",
    changed: "deactivated",
    unchanged: "already_deactivated",
    changedLabel: "Deactivated",
    unchangedLabel: "Already deactivated",
    perCall: "chunk",
    undo: { kind: "reactivate", label: "Reactivate all deactivated by this job" },
    permission: "users.deactivate",
    items: "UIDs",
  },
  reactivate: {
    doing: "Reactivating",
    verb: "Reactivate",
    changed: "reactivated",
    unchanged: "not_deactivated",
    changedLabel: "Reactivated",
    unchangedLabel: "Not deactivated",
    perCall: "chunk",
    permission: "users.deactivate",
    items: "UIDs",
  },
  ban: {
    doing: "Banning",
    verb: "Ban",
    changed: "banned",
    unchanged: "already_banned",
    changedLabel: "Banned",
    unchangedLabel: "Already banned",
    perCall: 1,
    undo: { kind: "unban", label: "Unban all banned by this job" },
    permission: "groups.members.manage",
    items: "UIDs",
  },
  unban: {
    doing: "Unbanning",
    verb: "Unban",
    changed: "unbanned",
    unchanged: "not_banned",
    changedLabel: "Unbanned",
    unchangedLabel: "Not banned",
    perCall: 1,
    permission: "groups.members.manage",
    items: "UIDs",
  },
  delete_messages: {
    doing: "Deleting messages",
    verb: "Delete messages",
    changed: "deleted",
    unchanged: "already_deleted",
    changedLabel: "Deleted",
    unchangedLabel: "Already deleted",
    perCall: 1,
    permission: "messages.delete",
    items: "messages",
  },
  // A large decision of the reports queue (lib/reports/decision-plan.ts): each report kept or
  // removed, then the removal's blocks, bans and deactivations; one call an item.
  report_decision: {
    doing: "Deciding reports",
    verb: "Decide reports",
    changed: "done",
    unchanged: "already_done",
    changedLabel: "Done",
    unchangedLabel: "Already so (blocked, banned)",
    perCall: 1,
    permission: "reports.decide",
    items: "calls",
  },
};

/** The kinds a job started from "Find accounts" or a pasted list may have, besides blocking. */
export type RaidJobKind = "deactivate" | "ban" | "delete_messages";

/** A job of the block kinds counts in its own columns (blocked, already blocked…); the others in two. */
export const isBlockKind = (kind: JobKindName): kind is "block" | "unblock" => kind === "block" || kind === "unblock";

/** Items one chunk of a job of this kind holds: one call's worth. */
export function chunkSizeOf(kind: JobKindName, configured: number): number {
  const perCall = JOB_KINDS[kind].perCall;
  return perCall === "chunk" ? configured : perCall;
}

/**
 * A message of a job that deletes messages is one item: its id and its sender, so that each call's
 * log entry names the account whose message it deleted. Message ids are the vendor's numbers.
 */
export const messageItem = (messageId: string, sender: string) => `${messageId}:${sender}`;

export function parseMessageItem(item: string): { messageId: string; sender: string } {
  const at = item.indexOf(":");
  return at < 0 ? { messageId: item, sender: "" } : { messageId: item.slice(0, at), sender: item.slice(at + 1) };
}
