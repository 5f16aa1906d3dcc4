import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { preparedRunner, watchLocks } from "./pglite-prepared";
import { errorFields, type ThreadMessage, type ThreadRequest } from "./pglite-thread-protocol";

/**
 * The thread that holds the process's PGlite (./pglite-thread.ts): PostgreSQL compiled to
 * WebAssembly runs here, on the second core, while the main thread answers HTTP.
 */
const port = parentPort!;
const { folder, postgresqlconf } = workerData as { folder: string; postgresqlconf: string[] };
const post = (message: ThreadMessage) => port.postMessage(message);

type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; finished: Promise<void> };
const transactions = new Map<number, OpenTransaction>();
const runners = new Map<number, ReturnType<typeof preparedRunner>>();
let lastId = 0;

const keepText = (text: string) => text;
const textParsers = (types: number[]) => Object.fromEntries(types.map((type) => [type, keepText]));

function on(tx: number | undefined, client: PGlite): PGlite | Transaction {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  return open.tx;
}

/** Opens a transaction that stays open, under PGlite's transaction lock, until its `end` arrives. */
function begin(client: PGlite): Promise<number> {
  const id = ++lastId;
  return new Promise((started, failed) => {
    let end!: (commit: boolean) => void;
    const ending = new Promise<boolean>((resolve) => (end = resolve));
    const finished = client.transaction(async (tx) => {
      transactions.set(id, { tx, end, finished });
      started(id);
      if (!(await ending)) await tx.rollback();
    });
    finished.catch(failed).finally(() => transactions.delete(id));
  });
}

async function handle(client: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const { rows, fields, affectedRows } = await on(request.tx, client).query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: textParsers(request.textTypes),
      });
      return { rows, fields, affectedRows };
    }
    case "exec":
      return on(request.tx, client).exec(request.text);
    case "begin":
      return begin(client);
    case "end": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`Transaction ${request.tx} is not open`);
      open.end(request.commit);
      await open.finished;
      return null;
    }
    case "open-runner": {
      const id = ++lastId;
      const numbers = Object.fromEntries(request.numberTypes.map((type) => [type, Number]));
      runners.set(
        id,
        preparedRunner(client, numbers, {
          fileSystemWritesThrough: true,
          // Sent to the process as the text PostgreSQL wrote, parsed there: JSON.parse and the copy
          // of the objects between threads took this thread, which every statement waits for.
          jsonAsText: true,
          onFlushFailure: (error) =>
            post({
              type: "warn",
              message: "writing the WAL failed; the next write retries",
              error: errorFields(error),
            }),
        }),
      );
      return id;
    }
    case "run": {
      const runner = runners.get(request.runner);
      if (!runner) throw new Error(`Statement runner ${request.runner} is closed`);
      const rows = await runner.run<Record<string, unknown>>(request.statement, request.values);
      return { rows, jsonColumns: runner.jsonColumnsOf(request.statement) };
    }
    case "close-runner": {
      const runner = runners.get(request.runner);
      runners.delete(request.runner);
      await runner?.close();
      return null;
    }
    case "close": {
      for (const runner of runners.values()) await runner.close();
      runners.clear();
      await client.close();
      return null;
    }
  }
}

try {
  // pg_trgm: the embedded chat service's message search (its migrations create the extension).
  const client = new PGlite(folder, { postgresqlconf, extensions: { pg_trgm } });
  await client.waitReady;
  watchLocks(client);
  port.on("message", (request: ThreadRequest) => {
    handle(client, request).then(
      (result) => post({ type: "reply", id: request.id, result }),
      (error: unknown) => post({ type: "reply", id: request.id, error: errorFields(error) }),
    );
  });
  post({ type: "ready" });
} catch (error) {
  post({ type: "failed", error: errorFields(error) });
}
