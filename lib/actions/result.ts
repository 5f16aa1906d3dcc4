/**
 * What every server action answers, and the one way the browser calls one. Safe on both sides:
 * the types describe the wire format and `callAction` only turns a lost call into a result.
 */
export type ActionFailed = {
  ok: false;
  message: string;
  /** zod paths ("uids.3") to their messages; "form" for the form as a whole. */
  fieldErrors?: Record<string, string[]>;
  /** SIGNED_OUT, FORBIDDEN, INVALID_INPUT, REFUSED, AUDIT_UNAVAILABLE, INTERNAL, UNANSWERED or a chat API code. */
  code?: string;
};

export type ActionResult<T> = { ok: true; data: T } | ActionFailed;

const UNANSWERED_MESSAGE =
  "The console's server did not answer, so it is not known whether that took effect. Check the action log before trying again.";

/**
 * Calls a server action. A call that got no answer (network down, server restarting, the page's
 * action id gone after a deploy) becomes a failure with the code UNANSWERED and `unanswered` as its
 * message: the action may or may not have run, and the operator must be told which of the two it is not.
 */
export async function callAction<I, T>(
  action: (input: I) => Promise<ActionResult<T>>,
  input: I,
  unanswered: string = UNANSWERED_MESSAGE,
): Promise<ActionResult<T>> {
  try {
    return await action(input);
  } catch {
    return { ok: false, message: unanswered, code: "UNANSWERED" };
  }
}
