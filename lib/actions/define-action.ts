import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import * as z from "@/lib/validation/zod";
import { actorOf } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import type { AuditAction } from "@/lib/audit/vocabulary";
import {
  auditedOperation,
  AuditUnavailableError,
  type AuditCompletion,
  failureOf,
  type AuditFailure,
} from "@/lib/audit/operation";
import type { OperatorSummary } from "@/lib/auth/operators";
import { can, type Permission, ROLE_LABELS } from "@/lib/roles";
import { getCurrentOperator } from "@/lib/auth/session";
import { ChatApiError } from "@/lib/chat-api";
import { requestInfoOf, type RequestInfo } from "@/lib/request-info";
import { RefusedError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { ActionResult } from "./result";

export type ActionContext = RequestInfo & {
  operator: OperatorSummary;
  operationId: string;
  /**
   * Facts read before the call that the log must keep if the call then fails or its answer is lost
   * (a message's text before its deletion): added to the summary of the failure's completion.
   */
  keepOnFailure: (facts: Record<string, unknown>) => void;
};

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

type ActionSpec<S extends z.core.$ZodType, T, P = undefined> = {
  /** Dotted name of the action, as the action log records it: `users.block`. */
  name: AuditAction;
  permission: Permission;
  /** What the permission allows, for the refusal message: "block users". */
  describe: string;
  input: S;
  /** How the log records the request, or "not recorded" for reads that change nothing. */
  audit: ((input: z.output<S>) => AuditRequest | Promise<AuditRequest>) | "not recorded";
  /**
   * Reads the work needs that change nothing (the accounts a job's UIDs already are, say): started as
   * the request is logged rather than after it, their answer is `run`'s third argument. A refused or
   * invalid request reads nothing; a read that fails fails the action as `run` would, logged.
   */
  prepare?: (input: z.output<S>) => Promise<P>;
  run: (input: z.output<S>, context: ActionContext, prepared: P) => Promise<T>;
  /** How the log records a call that returned; without it, "succeeded". */
  completion?: (data: T, input: z.output<S>) => AuditCompletion;
};

/** The request info of the server action or route handler now running. */
export async function requestInfo(): Promise<RequestInfo> {
  return requestInfoOf(await headers());
}

function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** How the log records a call that threw: a refusal with its message, else as every logged call. */
function actionFailureOf(error: unknown): AuditFailure {
  if (error instanceof RefusedError) return { errorCode: "REFUSED", summary: { message: error.message } };
  return failureOf(error);
}

function recorded(request: AuditRequest) {
  return { ...request, affectedUids: request.affectedUids.filter((uid): uid is string => Boolean(uid)) };
}

/** A refused request, as the action's projection would record it; input it cannot parse is not recorded. */
async function refusedRequest<S extends z.core.$ZodType, T, P>(spec: ActionSpec<S, T, P>, input: unknown) {
  if (spec.audit === "not recorded") return {};
  const parsed = z.safeParse(spec.input, input);
  return parsed.success
    ? recorded(await spec.audit(parsed.data))
    : { requestBody: { input: "not valid, not recorded" } };
}

/** What the server log's line of an action records beyond its result: set as the action goes. */
type Trace = { requestId?: string; operatorId?: string; operationId?: string; outcome?: string };

const LOG_UNAVAILABLE =
  "The action log could not be written, so nothing was sent to the chat service. Try again; if it keeps failing, tell an admin.";

/** The completion of an action whose log entry keeps what it returned. */
export const succeededWith = (result: unknown): AuditCompletion => ({ outcome: "succeeded", summary: result });

/**
 * The one way to make a server action: session → permission → zod parse → log "requested"
 * (committed before the call) → call → log "completed", whatever happened → typed result.
 * Errors of a known kind reach the operator as their message; anything else is logged on the
 * server with a reference and masked. The action log's entries are `auditedOperation`'s; the server
 * log gets one line an action: its name, operator, request id, duration and outcome.
 */
export function defineAction<S extends z.core.$ZodType, T, P = undefined>(spec: ActionSpec<S, T, P>) {
  return async function action(input: z.input<S>, ...extra: unknown[]): Promise<ActionResult<T>> {
    const started = performance.now();
    const trace: Trace = {};
    // Any client may send any argument list: an action takes its one input, and nothing besides.
    const result: ActionResult<T> =
      extra.length > 0
        ? { ok: false, message: "This action takes one argument, its form's fields.", code: "INVALID_INPUT" }
        : await runAction(spec, input, trace);
    const outcome = trace.outcome ?? (result.ok ? "succeeded" : (result.code ?? "failed").toLowerCase());
    const internal = !result.ok && (result.code === "INTERNAL" || result.code === "AUDIT_UNAVAILABLE");
    log()[internal ? "error" : "info"](
      {
        action: spec.name,
        requestId: trace.requestId,
        operatorId: trace.operatorId,
        operationId: trace.operationId,
        durationMs: Math.round(performance.now() - started),
        outcome,
        ...(result.ok ? {} : { code: result.code }),
      },
      "action",
    );
    return result;
  };
}

async function runAction<S extends z.core.$ZodType, T, P>(
  spec: ActionSpec<S, T, P>,
  input: z.input<S>,
  trace: Trace,
): Promise<ActionResult<T>> {
  const info = await requestInfo();
  trace.requestId = info.requestId;
  const operator = await getCurrentOperator();
  if (!operator)
    return { ok: false, message: "Your session has ended. Sign in again to continue.", code: "SIGNED_OUT" };
  trace.operatorId = operator.id;
  const operationId = randomUUID();
  trace.operationId = operationId;
  const base = { operationId, actor: actorOf(operator), action: spec.name, ...info };

  if (!can(operator.role, spec.permission)) {
    // A refused attempt is itself worth an auditor's attention: the page did not offer it. It is
    // recorded as the action's own projection records a request (a 10,000-UID list stays a count).
    await appendAuditEvent({
      ...base,
      outcome: "failed",
      errorCode: "FORBIDDEN",
      ...(await refusedRequest(spec, input)),
    }).catch((err: unknown) =>
      log().error({ err, action: spec.name, requestId: info.requestId }, "a refused attempt could not be recorded"),
    );
    return {
      ok: false,
      message: `Your role (${ROLE_LABELS[operator.role]}) does not allow you to ${spec.describe}.`,
      code: "FORBIDDEN",
    };
  }

  const parsed = z.safeParse(spec.input, input);
  if (!parsed.success) {
    return {
      ok: false,
      message: "Some fields need attention.",
      fieldErrors: fieldErrorsOf(parsed.error),
      code: "INVALID_INPUT",
    };
  }

  const kept: Record<string, unknown> = {};
  const context = { operator, operationId, ...info, keepOnFailure: (facts: object) => Object.assign(kept, facts) };
  const preparing = spec.prepare?.(parsed.data);
  // A failed read is the work's failure: awaited (and logged) there, after the request is logged.
  preparing?.catch(() => undefined);
  const work = async () => spec.run(parsed.data, context, (await preparing) as P);
  try {
    const data =
      spec.audit === "not recorded"
        ? await work()
        : await auditedOperation({ ...base, ...recorded(await spec.audit(parsed.data)) }, work, {
            success: (result) => {
              const completion = spec.completion?.(result, parsed.data) ?? { outcome: "succeeded" };
              trace.outcome = completion.outcome;
              return completion;
            },
            failure: (error) => {
              const failure = actionFailureOf(error);
              if (Object.keys(kept).length > 0)
                failure.summary = { ...kept, ...(failure.summary as Record<string, unknown> | undefined) };
              trace.outcome = failure.outcome ?? "failed";
              return failure;
            },
          });
    return { ok: true, data };
  } catch (error) {
    if (error instanceof AuditUnavailableError) {
      log().error(
        { err: error.cause, action: spec.name, requestId: info.requestId },
        'the "requested" entry could not be written: nothing was sent',
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
    log().error({ err: error, action: spec.name, requestId: info.requestId }, "the action failed in the console");
    return {
      ok: false,
      message: `Something went wrong on the server; nothing more is known. Quote reference ${info.requestId} when you report it.`,
      code: "INTERNAL",
    };
  }
}
