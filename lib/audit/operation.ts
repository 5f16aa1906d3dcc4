import { ChatApiError } from "@/lib/chat-api/errors";
import { appendAuditEvent, type AuditEventInput } from "./append";
import { errorCodeOf, type AuditErrorCode } from "./vocabulary";
import { log } from "@/lib/log";

/** What the action log records of a call that returned. */
export type AuditCompletion = {
  outcome: "succeeded" | "partial" | "failed" | "unknown";
  summary?: unknown;
  httpStatus?: number;
  errorCode?: AuditErrorCode;
};
/** What the action log records of a call that threw; "unknown" when its answer never came. */
export type AuditFailure = {
  errorCode: AuditErrorCode;
  httpStatus?: number;
  summary?: unknown;
  outcome?: "failed" | "unknown";
};

/**
 * How the log records a call that threw: the chat service's status and code where there is one, and
 * "unknown" when its answer never came (it may have taken effect); anything else is INTERNAL.
 */
export function failureOf(error: unknown): AuditFailure {
  if (error instanceof ChatApiError)
    return {
      errorCode: errorCodeOf(error),
      httpStatus: error.status,
      ...(error.outcomeUnknown ? { outcome: "unknown" as const } : {}),
    };
  return { errorCode: "INTERNAL" };
}

export class AuditUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The action log could not be written, so the action was not carried out.", { cause });
    this.name = "AuditUnavailableError";
  }
}

/**
 * Runs `work` as one logged operation: "requested" is committed before it starts (if that write
 * fails, `work` never runs), and "completed" after it, whatever happened. A completion that
 * cannot be written leaves "requested" alone, which reads as outcome unknown.
 */
export async function auditedOperation<T>(
  request: Omit<AuditEventInput, "outcome">,
  work: () => Promise<T>,
  describe: { success: (data: T) => AuditCompletion; failure: (error: unknown) => AuditFailure },
): Promise<T> {
  try {
    await appendAuditEvent({ ...request, outcome: "requested" });
  } catch (error) {
    throw new AuditUnavailableError(error);
  }
  const started = performance.now();
  let completion: Omit<AuditEventInput, keyof typeof request | "operationId" | "actor" | "action"> &
    Pick<AuditEventInput, "outcome">;
  let outcome: { data: T } | { error: unknown };
  try {
    const data = await work();
    outcome = { data };
    completion = describe.success(data);
  } catch (error) {
    outcome = { error };
    completion = { outcome: "failed", ...describe.failure(error) };
  }
  try {
    await appendAuditEvent({
      ...request,
      ...completion,
      completesOperation: true,
      durationMs: Math.round(performance.now() - started),
    });
  } catch (error) {
    log().error(
      { err: error, component: "audit", operationId: request.operationId, action: request.action },
      'the "completed" entry could not be written: the operation reads as outcome unknown',
    );
  }
  if ("error" in outcome) throw outcome.error;
  return outcome.data;
}
