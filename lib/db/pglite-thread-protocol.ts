import type { Statement } from "./pglite-prepared";

/** What the process asks of the thread that holds PGlite (./pglite-thread-worker.ts), one reply each. */
export type ThreadRequest = { id: number } & (
  | {
      op: "query";
      text: string;
      params: unknown[] | undefined;
      rowMode: "array" | "object" | undefined;
      /** Types whose values stay as PostgreSQL wrote them (the caller's parsers were identities). */
      textTypes: number[];
      tx: number | undefined;
    }
  | { op: "exec"; text: string; tx: number | undefined }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "open-runner"; numberTypes: number[] }
  | { op: "run"; runner: number; statement: Statement; values: unknown[] }
  | { op: "close-runner"; runner: number }
  | { op: "close" }
);

/** An error's own fields that cross threads: message, SQLSTATE code, severity, detail, constraint… */
export type ErrorFields = Record<string, string | number | boolean | null | undefined> & { message: string };

export type ThreadMessage =
  | { type: "ready" }
  | { type: "failed"; error: ErrorFields }
  | { type: "reply"; id: number; result: unknown }
  | { type: "reply"; id: number; error: ErrorFields }
  | { type: "warn"; message: string; error: ErrorFields };

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** An Error again on this side, with the fields it had (code, detail…), as a caller tests them. */
export function errorFrom(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (typeof name === "string" && name !== "Error") error.name = name;
  return error;
}
