import { randomUUID } from "node:crypto";
import { uniqueUids } from "../../lib/audit/affected";
import type { AuditAction } from "../../lib/audit/vocabulary";
import type { Draft } from "./log-generator";

const JOB_UIDS = 10_000;
const JOB_CHUNK = 25;

/**
 * An incident job as the console logs it: the start names every UID (in the UID index; the entry
 * keeps a count), and each call of 25 UIDs is an operation of its own, folded under the start.
 */
export function incidentJob(draft: (action: AuditAction) => Draft, uid: () => string, reason: string | null) {
  const blocker = uid();
  const uids = uniqueUids(Array.from({ length: JOB_UIDS * 2 }, uid))
    .filter((item) => item !== blocker)
    .slice(0, JOB_UIDS);
  const jobId = randomUUID();
  const start: Draft = {
    ...draft("incident.job.start"),
    targetUid: blocker,
    uids: [blocker, ...uids],
    reason,
    requestBody: { uids: uids.length, first: uids.slice(0, 20) },
  };
  const calls = Array.from({ length: Math.ceil(uids.length / JOB_CHUNK) }, (_, chunk) => {
    const sent = uids.slice(chunk * JOB_CHUNK, (chunk + 1) * JOB_CHUNK);
    const call: Draft = {
      ...draft("incident.job.call"),
      parentOperationId: start.operationId,
      targetUid: blocker,
      uids: [blocker, ...sent],
      reason,
      requestBody: { jobId, chunk, kind: "block", uids: sent },
    };
    return { after: 2 + chunk * 5, draft: call };
  });
  return { start, calls, jobId, total: uids.length };
}
