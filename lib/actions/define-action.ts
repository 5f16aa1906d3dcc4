import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { z } from "zod";
import { getCurrentOperator } from "@/lib/auth/session";
import { can, type Permission, ROLE_LABELS } from "@/lib/auth/roles";
import type { OperatorSummary } from "@/lib/auth/operators";
import { OperatorError } from "@/lib/auth/operators";
import { ChatApiError } from "@/lib/chat-api";

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; message: string; fieldErrors?: Record<string, string[]>; code?: string };

export type ActionContext = {
  operator: OperatorSummary;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
};

type ActionSpec<S extends z.ZodType, T> = {
  /** Dotted name of the action, as the action log records it: `users.block`. */
  name: string;
  permission: Permission;
  /** What the permission allows, for the refusal message: "block users". */
  describe: string;
  input: S;
  run: (input: z.output<S>, context: ActionContext) => Promise<T>;
};

async function requestContext(): Promise<Omit<ActionContext, "operator">> {
  const list = await headers();
  return {
    requestId: list.get("x-request-id") ?? randomUUID(),
    ip: list.get("x-forwarded-for")?.split(",")[0]?.trim() || list.get("x-real-ip") || null,
    userAgent: list.get("user-agent"),
  };
}

function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/**
 * The one way to make a server action: session, permission, input parsed with the shared zod
 * schema, then the call. Errors of a known kind reach the operator as their message; anything
 * else is logged with a reference and masked.
 */
export function defineAction<S extends z.ZodType, T>(spec: ActionSpec<S, T>) {
  return async function action(input: z.input<S>): Promise<ActionResult<T>> {
    const operator = await getCurrentOperator();
    if (!operator)
      return { ok: false, message: "Your session has ended. Sign in again to continue.", code: "SIGNED_OUT" };
    if (!can(operator.role, spec.permission)) {
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
    const context = { operator, ...(await requestContext()) };
    try {
      return { ok: true, data: await spec.run(parsed.data, context) };
    } catch (error) {
      if (error instanceof ChatApiError)
        return { ok: false, message: error.userMessage, code: error.code ?? error.kind };
      if (error instanceof OperatorError) return { ok: false, message: error.message };
      console.error(`[action ${spec.name}] failed, reference ${context.requestId}`, error);
      return {
        ok: false,
        message: `Something went wrong on the server; nothing more is known. Quote reference ${context.requestId} when you report it.`,
        code: "INTERNAL",
      };
    }
  };
}
