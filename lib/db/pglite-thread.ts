import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Results, Transaction } from "@electric-sql/pglite";
import type { Statement } from "./pglite-prepared";
import { errorFrom, type ThreadMessage, type ThreadRequest } from "./pglite-thread-protocol";

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string) => unknown> };
type Queries = {
  query: <Row>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<Row>>;
  exec: (text: string) => Promise<Array<Results>>;
};

/**
 * The process's PGlite, held by a thread of its own (./pglite-thread-worker.ts). PGlite is PostgreSQL
 * compiled to WebAssembly and runs on the thread that calls it: in the main thread, every statement
 * the embedded chat service runs took the core that also parses, answers and logs HTTP. Measured
 * with `npm run bench:chat-service` on two cores: see docs/embedded-chat-api.md, "How it answers fast".
 *
 * What drizzle uses of PGlite (`query`, `exec`, `transaction`) is here, each call a message; a
 * transaction stays open in the thread, under PGlite's transaction lock, until its function settles.
 * The caller's parsers cannot cross threads: drizzle's keep dates, times and intervals as text, and
 * only such identities are accepted. `preparedRunner` gives the hot path's prepared statements
 * (./pglite-prepared.ts), run in the thread and answered as rows.
 */
export type PgliteThread = Queries & {
  transaction: <T>(fn: (tx: Queries & Pick<Transaction, "rollback" | "closed">) => Promise<T>) => Promise<T>;
  preparedRunner: (numberTypes: number[]) => Promise<{
    run: <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;
    close: () => Promise<void>;
  }>;
  close: () => Promise<void>;
};

/** A prepared statement's rows, their JSON columns still text (parsed here, off PGlite's thread). */
type RunReply = { rows: Array<Record<string, unknown>>; jsonColumns: string[] };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Call = ThreadRequest extends infer Request ? (Request extends ThreadRequest ? Omit<Request, "id"> : never) : never;

// Started from a file on disk, by Node, whichever code asks (Next's bundle or the server's own): the
// compiled worker where scripts/run.mjs started the server, else the source through tsx (tests, dev).
const ENTRY =
  process.env.PGLITE_THREAD_ENTRY ??
  path.join(/* turbopackIgnore: true */ process.cwd(), "lib/db/pglite-thread-entry.mjs");

function textTypes(parsers: QueryOptions["parsers"]): number[] {
  return Object.entries(parsers ?? {}).map(([type, parse]) => {
    if (parse("2026-01-01 00:00:00") !== "2026-01-01 00:00:00")
      throw new Error(`A parser for type ${type} cannot run in PGlite's thread: only text is kept as text`);
    return Number(type);
  });
}

export function startPgliteThread(
  folder: string,
  postgresqlconf: string[],
  report: (level: "warn" | "error", message: string, error: Error) => void,
): Promise<PgliteThread> {
  const worker = new Worker(/* turbopackIgnore: true */ ENTRY, { workerData: { folder, postgresqlconf } });
  const pending = new Map<number, Pending>();
  let lastId = 0;
  let stopped: Error | undefined;

  // The thread keeps the process alive only while an answer is awaited, as a socket with a query on
  // it does (and while it starts): a process that forgot to close its database still ends.
  function call<T>(request: Call): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    if (pending.size === 0) worker.ref();
    worker.postMessage({ ...request, id });
    return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as Pending["resolve"], reject }));
  }
  function settle(id: number): Pending | undefined {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  }
  function stop(error: Error) {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  }

  const queries = (tx: number | undefined): Queries => ({
    query: async (text, params, options) =>
      call({ op: "query", text, params, rowMode: options?.rowMode, textTypes: textTypes(options?.parsers), tx }),
    exec: (text) => call({ op: "exec", text, tx }),
  });

  const thread: PgliteThread = {
    ...queries(undefined),
    async transaction(fn) {
      const tx = await call<number>({ op: "begin" });
      let closed = false;
      const end = async (commit: boolean) => {
        if (closed) return;
        closed = true;
        await call({ op: "end", tx, commit });
      };
      let result;
      try {
        result = await fn({
          ...queries(tx),
          rollback: () => end(false),
          get closed() {
            return closed;
          },
        });
      } catch (error) {
        // The function's error says what went wrong; a failed rollback has ended the transaction too.
        await end(false).catch(() => undefined);
        throw error;
      }
      await end(true);
      return result;
    },
    async preparedRunner(numberTypes) {
      const runner = await call<number>({ op: "open-runner", numberTypes });
      return {
        run: async <Row>(statement: Statement, values: unknown[]) => {
          const { rows, jsonColumns } = await call<RunReply>({ op: "run", runner, statement, values });
          for (const row of rows)
            for (const column of jsonColumns)
              if (typeof row[column] === "string") row[column] = JSON.parse(row[column]);
          return rows as Row[];
        },
        close: () => call({ op: "close-runner", runner }),
      };
    },
    async close() {
      if (stopped) return;
      await call({ op: "close" });
      stop(new Error("PGlite is closed"));
      await worker.terminate();
    },
  };

  return new Promise((resolve, reject) => {
    worker.on("message", (message: ThreadMessage) => {
      if (message.type === "ready") {
        if (pending.size === 0) worker.unref();
        resolve(thread);
      } else if (message.type === "failed") reject(errorFrom(message.error));
      else if (message.type === "warn") report("warn", message.message, errorFrom(message.error));
      else if ("error" in message) settle(message.id)?.reject(errorFrom(message.error));
      else settle(message.id)?.resolve(message.result);
    });
    const fail = (error: Error) => {
      reject(error);
      if (stopped) return;
      report("error", "PGlite's thread stopped: the database answers nothing until the process restarts", error);
      stop(error);
    };
    worker.on("error", (error) => fail(new Error(`PGlite's thread failed: ${error.message}`, { cause: error })));
    worker.on("exit", (code) => fail(new Error(`PGlite's thread stopped (exit code ${code})`)));
  });
}
