import "server-only";
import { defineAction } from "@/lib/actions/define-action";
import type { AuditCompletion } from "@/lib/audit/operation";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { z } from "@/lib/validation/zod";

/**
 * An action on the whole action log (verify it, sign a checkpoint): for those who may read all of it,
 * with no input (anything sent is refused), and no UID of its own in the log.
 */
export function wholeLogAction<T>(spec: {
  name: AuditAction;
  describe: string;
  /** Recorded with the request. */
  reason?: string;
  run: () => Promise<T>;
  completion: (result: T) => AuditCompletion;
}) {
  return defineAction({
    name: spec.name,
    permission: "audit.read.all",
    describe: spec.describe,
    input: z.strictObject({}),
    audit: () => ({ affectedUids: [], ...(spec.reason ? { reason: spec.reason } : {}) }),
    run: spec.run,
    completion: spec.completion,
  });
}
