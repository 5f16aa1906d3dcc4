import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { z } from "zod";
import { appendAuditEvent, type AuditActor } from "@/lib/audit/append";
import { errorCodeOf, type AuditAction } from "@/lib/audit/vocabulary";
import {
  auditedOperation,
  AuditUnavailableError,
  type AuditCompletion,
  type AuditFailure,
} from "@/lib/audit/operation";
import type { OperatorSummary } from "@/lib/auth/operators";
import { can, type Permission, ROLE_LABELS } from "@/lib/roles";
import { getCurrentOperator } from "@/lib/auth/session";
import { ChatApiError } from "@/lib/chat-api";
import { requestInfoOf, type RequestInfo } from "@/lib/request-info";
import { RefusedError } from "@/lib/errors";
import type { ActionResult } from "./result";

export type ActionContext = RequestInfo & { operator: OperatorSummary; operationId: string };

/**
 * What the action log records of a request. `affectedUids` names every UID the action touches (the
 * blocker, each blocked UID, the owner it acts for, the conversation's other party or group):
 * a filter on any one of them finds the operation.
 */
type AuditRequest = {
  affectedUids: Array<string | undefined>;
  targetUid?: string;
  onBehalfOf?: string;
  reason?: string;
  requestBody?: unknown;
};
export type { AuditCompletion };

type ActionSpec<S extends z.ZodType, T> = {
  /** Dotted name of the action, as the action log records it: `users.block`. */
  name: AuditAction;
  permission: Permission;
  /** What the permission allows, for the refusal message: "block users". */
  describe: string;
  input: S;
  /** How the log records the request, or "not recorded" for reads that change nothing. */
  audit: ((input: z.output<S>) => AuditRequest | Promise<AuditRequest>) | "not recorded";
  run: (input: z.output<S>, context: ActionContext) => Promise<T>;
  /** How the log records a call that returned; without it, "succeeded". */
  completion?: (data: T, input: z.output<S>) => AuditCompletion;
};

/** The request info of the server action or route handler now running. */
export async function requestInfo(): Promise<RequestInfo> {
  return requestInfoOf(await headers());
}

export const actorOf = (operator: OperatorSummary): AuditActor => ({
  id: operator.id,
  email: operator.email,
  role: operator.role,
});

function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** How the log records a call that threw: the chat service's status and code where there is one. */
function failureOf(error: unknown): AuditFailure {
  if (error instanceof ChatApiError)
    return {
      errorCode: errorCodeOf(error),
      httpStatus: error.status,
      ...(error.outcomeUnknown ? { outcome: "unknown" as const } : {}),
    };
  if (error instanceof RefusedError) return { errorCode: "REFUSED", summary: { message: error.message } };
  return { errorCode: "INTERNAL" };
}

function recorded(request: AuditRequest) {
  return { ...request, affectedUids: request.affectedUids.filter((uid): uid is string => Boolean(uid)) };
}

/** A refused request, as the action's projection would record it; input it cannot parse is not recorded. */
async function refusedRequest<S extends z.ZodType, T>(spec: ActionSpec<S, T>, input: unknown) {
  if (spec.audit === "not recorded") return {};
  const parsed = spec.input.safeParse(input);
  return parsed.success
    ? recorded(await spec.audit(parsed.data))
    : { requestBody: { input: "not valid, not recorded" } };
}

const LOG_UNAVAILABLE =
  "The action log could not be written, so nothing was sent to the chat service. Try again; if it keeps failing, tell an admin.";

/**
 * The one way to make a server action: session → permission → zod parse → log "requested"
 * (committed before the call) → call → log "completed", whatever happened → typed result.
 * Errors of a known kind reach the operator as their message; anything else is logged on the
 * server with a reference and masked. The logging itself is `auditedOperation`.
 */
export function defineAction<S extends z.ZodType, T>(spec: ActionSpec<S, T>) {
  return async function action(input: z.input<S>): Promise<ActionResult<T>> {
    const operator = await getCurrentOperator();
    if (!operator)
      return { ok: false, message: "Your session has ended. Sign in again to continue.", code: "SIGNED_OUT" };
    const info = await requestInfo();
    const operationId = randomUUID();
    const base = { operationId, actor: actorOf(operator), action: spec.name, ...info };

    if (!can(operator.role, spec.permission)) {
      // A refused attempt is itself worth an auditor's attention: the page did not offer it. It is
      // recorded as the action's own projection records a request (a 10,000-UID list stays a count).
      await appendAuditEvent({
        ...base,
        outcome: "failed",
        errorCode: "FORBIDDEN",
        ...(await refusedRequest(spec, input)),
      }).catch((error: unknown) => console.error(`[action ${spec.name}] could not record a refused attempt`, error));
      return {
        ok: false,
        message: `Your role (${ROLE_LABELS[operator.role]}) does not allow you to ${spec.describe}.`,
        code: "FORBIDDEN",
      };
    }

    const parsed = spec.input.safeParse(input);
    if (!parsed.success) {
      return {
        ok: false,
        message: "Some fields need attention.",
        fieldErrors: fieldErrorsOf(parsed.error),
        code: "INVALID_INPUT",
      };
    }

    const context = { operator, operationId, ...info };
    try {
      const data =
        spec.audit === "not recorded"
          ? await spec.run(parsed.data, context)
          : await auditedOperation(
              { ...base, ...recorded(await spec.audit(parsed.data)) },
              () => spec.run(parsed.data, context),
              {
                success: (result) => spec.completion?.(result, parsed.data) ?? { outcome: "succeeded" },
                failure: failureOf,
              },
            );
      return { ok: true, data };
    } catch (error) {
      if (error instanceof AuditUnavailableError) {
        console.error(
          `[action ${spec.name}] the "requested" entry could not be written, reference ${info.requestId}`,
          error.cause,
        );
        return { ok: false, message: LOG_UNAVAILABLE, code: "AUDIT_UNAVAILABLE" };
      }
      if (error instanceof ChatApiError)
        return {
          ok: false,
          message: error.userMessage,
          code: error.outcomeUnknown ? "OUTCOME_UNKNOWN" : (error.code ?? error.kind),
        };
      if (error instanceof RefusedError) return { ok: false, message: error.message, code: "REFUSED" };
      console.error(`[action ${spec.name}] failed, reference ${info.requestId}`, error);
      return {
        ok: false,
        message: `Something went wrong on the server; nothing more is known. Quote reference ${info.requestId} when you report it.`,
        code: "INTERNAL",
      };
    }
  };
}
