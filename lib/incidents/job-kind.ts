import type { AuditCompletion } from "@/lib/audit/operation";
import type { ChatApiClient } from "@/lib/chat-api";
import type { Database } from "@/lib/db/client";
import type { ChunkOutcomes, JobKindName } from "@/lib/db/schema";
import type { BlockJob, Transaction } from "./jobs";

/**
 * One chunk's call: the HTTP status and each item's outcome; the call's own outcome and counts for the
 * log when the kind knows them better than a count of its items' outcomes.
 */
export type ChunkAnswer = {
  status: number;
  outcomes: ChunkOutcomes;
  outcome?: AuditCompletion["outcome"];
  counts?: Record<string, number>;
};

/**
 * What a kind of job does at the chat service, registered from the folder of the feature it belongs
 * to (lib/job-kinds.ts lists them). The engine (the runner, the chunks, approvals, the job's page)
 * knows a kind by its name only and asks it here; what the kinds are called and how they are labelled
 * is ./job-kinds.ts.
 */
export type JobKind = {
  /** Sends one chunk's items as one call and gives each item's outcome; a refusal of the call itself is thrown. */
  send: (client: ChatApiClient, job: BlockJob, items: string[]) => Promise<ChunkAnswer>;
  /**
   * Before a chunk whose earlier call may have reached the service is sent again: what the service shows
   * now, read as the settlement of lost answers reads it, is that call's outcome; only the rest is sent.
   */
  reconcile: (
    client: ChatApiClient,
    job: BlockJob,
    items: string[],
  ) => Promise<{ settled: ChunkOutcomes; toSend: string[] }>;
  /** The UIDs a chunk's call affects, for the log's UID index; the items themselves when absent. */
  affected?: (items: string[]) => string[];
  /** The name of the items in a call's log entry: "uids" when absent. */
  itemsName?: string;
  /** Items the job gives up unsent (cancelled, or a request never approved), in the caller's transaction. */
  release?: (tx: Transaction, jobId: string, items: string[]) => Promise<void>;
  /** Logs the job's end in the kind's own words, in place of the engine's `incident.job.end`. */
  logEnd?: (db: Database, job: BlockJob) => Promise<void>;
};

// On globalThis, so that every copy of this module in one process (Next's bundles, a test's) reads one registry.
const REGISTRY = Symbol.for("moderator-console.job-kinds");
const registry: Map<JobKindName, JobKind> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Map<
  JobKindName,
  JobKind
>;

/** Makes `kind` the one that carries out jobs named `name`. */
export function registerJobKind(name: JobKindName, kind: JobKind): void {
  registry.set(name, kind);
}

/** The kind that carries out `name`'s jobs; a kind nobody registered is a programming error. */
export function jobKindOf(name: JobKindName): JobKind {
  const kind = registry.get(name);
  if (!kind) throw new Error(`No job kind "${name}" is registered: lib/job-kinds.ts lists every kind.`);
  return kind;
}
