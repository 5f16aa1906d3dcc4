import type { ActionResult } from "@/lib/actions/result";

const UNANSWERED_MESSAGE = "The console's server did not answer. Check the connection and try again.";

type ReadOptions = {
  /** The names of members that hold times: JSON carries them as strings, the caller gets Dates. */
  dates?: readonly string[];
  /** What to say when the server did not answer. */
  unanswered?: string;
};

function isResult(value: unknown): value is ActionResult<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";
}

/**
 * Reads one of the console's GET routes from the browser (see lib/reads/route.ts): its answer in the
 * shape a server action answers, and a read that got no answer (or an answer that is not the
 * console's) as a failure with the code UNANSWERED.
 */
export async function readJson<T>(url: string, options: ReadOptions = {}): Promise<ActionResult<T>> {
  const dates = new Set(options.dates ?? []);
  const unanswered = { ok: false as const, message: options.unanswered ?? UNANSWERED_MESSAGE, code: "UNANSWERED" };
  try {
    const response = await fetch(url, { cache: "no-store", headers: { Accept: "application/json" } });
    const body: unknown = JSON.parse(await response.text(), (key, value: unknown) =>
      dates.has(key) && typeof value === "string" ? new Date(value) : value,
    );
    return isResult(body) ? (body as ActionResult<T>) : unanswered;
  } catch {
    return unanswered;
  }
}
