import { parse, protocol, type PGlite } from "@electric-sql/pglite";

/**
 * One SQL statement of a hot path, prepared once per connection under its name and reused;
 * `writes` when it may change data (it then commits asynchronously: chat-service/statements.ts).
 */
export type Statement = { name: string; text: string; writes?: true };

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

const encoder = new TextEncoder();

/**
 * A Bind message (unnamed portal, every parameter and column as text), written straight into one
 * buffer: PGlite's own serializer takes ~15-20 µs a call here, as much as a small statement runs.
 */
function bindMessage(statement: Uint8Array, values: Array<string | null>): Uint8Array {
  const encoded = values.map((value) => (value === null ? null : encoder.encode(value)));
  const length =
    4 + 1 + statement.length + 1 + 2 + 2 + encoded.reduce((sum, value) => sum + 4 + (value?.length ?? 0), 0) + 2;
  const message = new Uint8Array(1 + length);
  const view = new DataView(message.buffer);
  message[0] = 0x42; // 'B'
  view.setInt32(1, length);
  let at = 5;
  message[at++] = 0; // unnamed portal
  message.set(statement, at);
  at += statement.length;
  message[at++] = 0;
  view.setInt16(at, 0); // no parameter format codes: all text
  at += 2;
  view.setInt16(at, encoded.length);
  at += 2;
  for (const value of encoded) {
    view.setInt32(at, value === null ? -1 : value.length);
    at += 4;
    if (value) {
      message.set(value, at);
      at += value.length;
    }
  }
  view.setInt16(at, 0); // no result format codes: all text
  return message;
}

/** Execute the unnamed portal, then Sync: the same bytes on every call. */
const EXECUTE_AND_SYNC = concat([serialize.execute({}), serialize.sync()]);

type Prepared = {
  name: Uint8Array;
  /** Parameter types: they choose how each value is written. */
  parameterTypes: number[];
  /** The columns of its rows, from the statement's own description: no Describe on each call. */
  columns: Array<{ name: string; parse: (text: string) => unknown }>;
  /** Its JSON columns, when they are answered as text (`jsonAsText`). */
  jsonColumns: string[];
};

/** PostgreSQL's `json` and `jsonb`. */
const JSON_TYPES = new Set([114, 3802]);

type RowDescription = { name: "rowDescription"; fields: Array<{ name: string; dataTypeID: number }> };

const asText = (text: string) => text;
const decoder = new TextDecoder();

/** An ErrorResponse's fields (severity, SQLSTATE code, message, detail…) on an Error, as node-postgres gives them. */
function databaseError(body: Uint8Array): Error {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at + 1);
    fields[String.fromCharCode(body[at]!)] = decoder.decode(body.subarray(at + 1, end));
    at = end + 1;
  }
  return Object.assign(new Error(fields.M ?? "PGlite reported an error"), {
    severity: fields.S,
    code: fields.C,
    detail: fields.D,
  });
}

/**
 * The rows of one Bind/Execute/Sync exchange's answer, read straight from its bytes: each DataRow's
 * fields parsed by its column, an ErrorResponse thrown. An answer without its closing ReadyForQuery
 * is an error too: the exchange did not run as one step.
 */
function readRows<Row>(reply: Uint8Array, columns: Prepared["columns"]): Row[] {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  const rows: Row[] = [];
  let failure: Error | undefined;
  let ready = false;
  for (let at = 0; at + 5 <= reply.length;) {
    const type = reply[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    if (type === 0x44 /* D: DataRow */) {
      const row: Record<string, unknown> = {};
      let field = at + 7;
      for (let i = 0; i < view.getInt16(at + 5); i++) {
        const length = view.getInt32(field);
        field += 4;
        const column = columns[i]!;
        row[column.name] = length < 0 ? null : column.parse(decoder.decode(reply.subarray(field, field + length)));
        if (length > 0) field += length;
      }
      rows.push(row as Row);
    } else if (type === 0x45 /* E: ErrorResponse */) {
      failure ??= databaseError(reply.subarray(at + 5, end));
    } else if (type === 0x5a /* Z: ReadyForQuery */) {
      ready = true;
    }
    at = end;
  }
  if (failure) throw failure;
  if (!ready) throw new Error("PGlite's answer to a prepared statement ended before ReadyForQuery");
  return rows;
}

/**
 * Runs the hot path's statements on PGlite as PostgreSQL clients run prepared statements: each is
 * parsed and described once, then every call is one Bind/Execute/Sync exchange whose answer is read
 * here, with the columns the statement's description named. PGlite's own `query()` parses, plans and
 * describes the text again on every call in six exchanges with the WebAssembly backend, under two
 * locks, and parses every message of the answer into objects: measured on the demo data, a tags
 * update took 3.2 ms that way and 0.15 ms this way.
 *
 * When nobody holds PGlite's locks (`pgliteIsIdle`), the exchange runs at once: PGlite answers it
 * synchronously, so nothing can come between its messages. Otherwise it waits for the locks, as
 * `query()` does, so that it never slips between another query's messages or into a transaction the
 * console has open on the same instance. `fileSystemWritesThrough`: PGlite on a folder (NodeFS)
 * writes every change to its files as it goes, and its `syncToFs` has nothing to do.
 *
 * Statements that write commit asynchronously (../statements.ts), and PGlite has no WAL writer to
 * write their WAL afterwards: the runner does, at most `WAL_FLUSH_MS` after such a statement, as
 * PostgreSQL's WAL writer would (`wal_writer_delay`), and at `close`.
 */
export function preparedRunner(
  client: PGlite,
  parsers: Record<number, (value: string) => unknown>,
  {
    fileSystemWritesThrough,
    onFlushFailure,
    jsonAsText = false,
  }: { fileSystemWritesThrough: boolean; onFlushFailure: (error: unknown) => void; jsonAsText?: boolean },
): {
  run: <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;
  /** The columns of a statement run before that were answered as JSON text. */
  jsonColumnsOf: (statement: Statement) => string[];
  close: () => Promise<void>;
} {
  const prepared = new Map<string, Prepared>();
  const textJson = (type: number) => jsonAsText && JSON_TYPES.has(type);
  const parserOf = (type: number) => (textJson(type) ? asText : (parsers[type] ?? client.parsers[type] ?? asText));

  async function prepare(statement: Statement): Promise<Prepared> {
    const known = prepared.get(statement.name);
    if (known) return known;
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name: statement.name, text: statement.text }),
        serialize.describe({ type: "S", name: statement.name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = (messages as unknown as Array<{ name: string }>).find(
      (message): message is RowDescription => message.name === "rowDescription",
    );
    const made: Prepared = {
      name: encoder.encode(statement.name),
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: (description?.fields ?? []).map((field) => ({ name: field.name, parse: parserOf(field.dataTypeID) })),
      jsonColumns: (description?.fields ?? []).filter((field) => textJson(field.dataTypeID)).map((field) => field.name),
    };
    prepared.set(statement.name, made);
    return made;
  }

  async function execute<Row>({ name, parameterTypes, columns }: Prepared, values: unknown[]): Promise<Row[]> {
    const written = values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[parameterTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const parts: Uint8Array[] = [];
    // Runs to the end before its first await: the answer is all in `parts` when it settles.
    await client.execProtocolRawStream(concat([bindMessage(name, written), EXECUTE_AND_SYNC]), {
      syncToFs: false,
      onRawData: (bytes) => parts.push(bytes.slice()),
    });
    if (!fileSystemWritesThrough) await client.syncToFs();
    return readRows<Row>(parts.length === 1 ? parts[0]! : concat(parts), columns);
  }

  const run = <Row>(statement: Statement, values: unknown[]): Promise<Row[]> => {
    if (statement.writes) flushSoon();
    const known = prepared.get(statement.name);
    if (known && pgliteIsIdle(client)) return execute<Row>(known, values);
    return client._runExclusiveTransaction(() =>
      client.runExclusive(async () => execute<Row>(await prepare(statement), values)),
    );
  };

  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    await run(FLUSH_WAL, []);
  };
  function flushSoon() {
    flushTimer ??= setTimeout(() => void flush().catch(onFlushFailure), WAL_FLUSH_MS).unref();
  }

  return {
    run,
    jsonColumnsOf: (statement) => prepared.get(statement.name)?.jsonColumns ?? [],
    close: async () => (flushTimer ? flush() : undefined),
  };
}

/** As PostgreSQL's default `wal_writer_delay`. */
const WAL_FLUSH_MS = 200;

/** Writes and flushes a WAL record, and with it every commit before it (PostgreSQL 17 and later). */
const FLUSH_WAL: Statement = {
  name: "chat_flush_wal",
  text: "select pg_logical_emit_message(false, 'chat-service', '', true) as flushed",
};

const LOCKS = Symbol.for("moderator-console.pglite-locks");
type Watched = PGlite & { [LOCKS]?: { held: number } };

/**
 * Counts who holds PGlite's two locks (its transaction lock and its query lock, which every query,
 * exec and transaction takes through these two methods), so that `pgliteIsIdle` can tell when no
 * exchange is under way. Installed before anyone uses the instance.
 */
export function watchLocks(client: PGlite) {
  const state = { held: 0 };
  const counted =
    (take: <T>(fn: () => Promise<T>) => Promise<T>) =>
    <T>(fn: () => Promise<T>): Promise<T> =>
      take(async () => {
        state.held += 1;
        try {
          return await fn();
        } finally {
          state.held -= 1;
        }
      });
  client._runExclusiveQuery = counted(client._runExclusiveQuery.bind(client));
  client._runExclusiveTransaction = counted(client._runExclusiveTransaction.bind(client));
  (client as Watched)[LOCKS] = state;
}

/**
 * True when nobody holds either of PGlite's locks and it is open: a protocol exchange made now, in
 * one synchronous step, cannot fall between the messages of anyone's query or inside their transaction.
 */
const pgliteIsIdle = (client: PGlite): boolean => client.ready && (client as Watched)[LOCKS]?.held === 0;
