import "server-only";
import * as z from "@/lib/validation/zod";
import type { OperatorSummary } from "@/lib/auth/operators";
import { getCurrentOperator } from "@/lib/auth/session";
import { ChatApiError } from "@/lib/chat-api";
import { log } from "@/lib/log";
import { can, type Permission, ROLE_LABELS } from "@/lib/roles";
import type { ActionResult } from "@/lib/actions/result";
import { requestInfo } from "@/lib/actions/define-action";

type ReadSpec<S extends z.core.$ZodType, T> = {
  permission: Permission;
  /** What the permission allows, for the refusal: "follow jobs". */
  describe: string;
  /** The route's parameters and query, parsed together. */
  params: S;
  /** The data, or undefined when what was asked for does not exist (404, with `missing` as its message). */
  read: (params: z.output<S>, operator: OperatorSummary) => Promise<T | undefined>;
  missing?: string;
};

/** Answers the browser's live reads: JSON in the shape server actions answer, never cached. */
function answer<T>(status: number, body: ActionResult<T>): Response {
  return Response.json(body, {
    status,
    headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

const failed = (status: number, code: string, message: string) => answer(status, { ok: false, code, message });

/**
 * The one way to make a GET route a page reads from the browser (job progress, requests for
 * approval, a conversation's tags): session → permission → zod parse of its parameters → read →
 * JSON. A read changes nothing, so it writes no action-log entry and, unlike a server action,
 * never queues behind the operator's clicks: Next runs one action at a time per tab, not one GET.
 */
export function readRoute<S extends z.core.$ZodType, T>(spec: ReadSpec<S, T>) {
  return async function read(params: Record<string, string>): Promise<Response> {
    const operator = await getCurrentOperator();
    if (!operator) return failed(401, "SIGNED_OUT", "Your session has ended. Sign in again to continue.");
    if (!can(operator.role, spec.permission))
      return failed(
        403,
        "FORBIDDEN",
        `Your role (${ROLE_LABELS[operator.role]}) does not allow you to ${spec.describe}.`,
      );
    const parsed = z.safeParse(spec.params, params);
    if (!parsed.success)
      return failed(400, "INVALID_INPUT", parsed.error.issues.map((issue) => issue.message).join(" "));
    try {
      const data = await spec.read(parsed.data, operator);
      if (data === undefined) return failed(404, "NOT_FOUND", spec.missing ?? "Nothing has that id.");
      return answer(200, { ok: true, data });
    } catch (error) {
      if (error instanceof ChatApiError)
        return failed(502, error.outcomeUnknown ? "OUTCOME_UNKNOWN" : (error.code ?? error.kind), error.userMessage);
      const { requestId } = await requestInfo();
      log().error({ err: error, requestId, read: spec.describe }, "a read failed in the console");
      return failed(
        500,
        "INTERNAL",
        `Something went wrong on the server; nothing more is known. Quote reference ${requestId} when you report it.`,
      );
    }
  };
}

/** A request's query as one object: the first value of each name. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
