import type { ChatApiErrorKind } from "@/lib/chat-api/errors";
import { chunkBackoffMs, retryAfterMs } from "@/lib/chat-api/retry";

/**
 * What an incident job does with a chunk whose attempt failed. Kept free of the database and the
 * chat service, so that every path (retry, split, hold, pause, give up) is tested on its own.
 */

/** Failures of one chunk before it is split in two, so that one bad UID cannot fail its neighbours. */
const SPLIT_AFTER = 3;
/** Failures of a single-UID chunk before that UID is recorded as failed. */
const GIVE_UP_AFTER = 5;

/** Why an attempt failed, as far as the next step depends on it. */
export type ChunkFailure =
  /** The log's "requested" entry could not be written, so nothing was sent. */
  | { kind: "log_unavailable" }
  /** The console failed, maybe after the call had gone out. */
  | { kind: "console" }
  | { kind: ChatApiErrorKind; code?: string; retryAfterSeconds?: number };

export type ChunkAttempt = {
  /** Failures counted before this attempt. */
  failures: number;
  /** UIDs the attempt sent: fewer than the chunk's when some were settled from the blocker's blocks. */
  sent: number;
  /** Whether a call of these UIDs may already have reached the service, before this attempt. */
  uncertain: boolean;
};

export type ChunkStep =
  /** Claimable again after `afterMs`, with these counts. */
  | { step: "retry"; afterMs: number; failures: number; uncertain: boolean }
  /** Claimable again after `afterMs`, not counted as a failure: nothing reached the service. */
  | { step: "await_log"; afterMs: number }
  /** The whole job waits `forMs`, as the service asked, and then the chunk is tried again. */
  | { step: "hold"; forMs: number; uncertain: boolean }
  /** The job pauses for a person: the service refuses the console's key, which no retry mends. */
  | { step: "pause"; uncertain: boolean }
  /** The blocker (or the group) does not exist: every UID of this chunk and of those not yet sent fails. */
  | { step: "fail_job" }
  /** The UIDs go on in two chunks, so that a UID the service rejects fails alone. */
  | { step: "split"; uncertain: boolean }
  /** The UIDs sent are recorded as failed. */
  | { step: "give_up" };

/** A time-out or a lost connection may have reached the service; a 5xx or a refusal did not. */
const mayHaveReached = (kind: ChunkFailure["kind"]) =>
  kind === "console" || kind === "timeout" || kind === "network" || kind === "malformed_response";

export function nextChunkStep(failure: ChunkFailure, attempt: ChunkAttempt, random = Math.random): ChunkStep {
  if (failure.kind === "log_unavailable")
    return { step: "await_log", afterMs: chunkBackoffMs(attempt.failures + 1, random) };
  if (failure.kind === "rate_limited")
    return {
      step: "hold",
      forMs: retryAfterMs(failure.retryAfterSeconds),
      uncertain: attempt.uncertain,
    };
  // A key refused or a redirect is the configuration's to fix: every chunk would fail the same way.
  if (failure.kind === "unauthorized" || failure.kind === "forbidden" || failure.kind === "redirected")
    return { step: "pause", uncertain: attempt.uncertain };
  // The blocker, or the group a ban is in, does not exist: no chunk of the job can succeed.
  if (failure.kind === "not_found" && (failure.code === "ERR_UID_NOT_FOUND" || failure.code === "ERR_GUID_NOT_FOUND"))
    return { step: "fail_job" };
  const failures = attempt.failures + 1;
  const uncertain = attempt.uncertain || mayHaveReached(failure.kind);
  if (failures >= SPLIT_AFTER && attempt.sent > 1) return { step: "split", uncertain };
  if (failures >= GIVE_UP_AFTER || (failure.kind === "bad_request" && attempt.sent === 1)) return { step: "give_up" };
  return { step: "retry", afterMs: chunkBackoffMs(failures, random), failures, uncertain };
}
