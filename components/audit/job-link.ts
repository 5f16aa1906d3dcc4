import type { AuditEvent } from "@/lib/audit/append";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The incident job an entry is about: its summary or request names it as `jobId`. */
export function jobIdOf(entry: AuditEvent | undefined): string | undefined {
  for (const part of [entry?.summary, entry?.requestBody]) {
    const jobId = part && typeof part === "object" ? (part as { jobId?: unknown }).jobId : undefined;
    if (typeof jobId === "string" && UUID.test(jobId)) return jobId;
  }
  return undefined;
}
