import { parse, protocol, type PGlite } from "@electric-sql/pglite";
import type { Statement } from "./client";

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
};

type DataRow = { name: "dataRow"; fields: Array<string | null> };
type RowDescription = { name: "rowDescription"; fields: Array<{ name: string; dataTypeID: number }> };
/** The messages of an exchange, as PGlite's parser gives them (only what is read here). */
type Reply = Array<DataRow | RowDescription | { name: string }>;

const asText = (text: string) => text;

/**
 * Runs the hot path's statements on PGlite as PostgreSQL clients run prepared statements: each is
 * parsed and described once, then every call is one Bind/Execute/Sync exchange, its rows read with
 * the columns the statement's description named. PGlite's own `query()` parses, plans and describes
 * the text again on every call in six exchanges with the WebAssembly backend; measured on the demo
 * data, a tags update took 3.2 ms that way and 0.66 ms this way (`npm run bench:chat-service` has the
 * figures over HTTP). Serialising the Bind and reading the rows here, rather than through PGlite's
 * protocol helpers (a Writer on private fields, and a parser that copied every type's parser on each
 * call), took a `select 1` from ~570 to under 200 µs.
 *
 * Statements run under PGlite's own two locks, as `query()` does, so that they never slip into a
 * transaction the console has open on the same instance.
 */
export function preparedRunner(client: PGlite, parsers: Record<number, (value: string) => unknown>) {
  const prepared = new Map<string, Prepared>();
  const parserOf = (type: number) => parsers[type] ?? client.parsers[type] ?? asText;

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
    const description = (messages as unknown as Reply).find(
      (message): message is RowDescription => message.name === "rowDescription",
    );
    const made: Prepared = {
      name: encoder.encode(statement.name),
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: (description?.fields ?? []).map((field) => ({ name: field.name, parse: parserOf(field.dataTypeID) })),
    };
    prepared.set(statement.name, made);
    return made;
  }

  return <Row>(statement: Statement, values: unknown[]): Promise<Row[]> =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const { name, parameterTypes, columns } = await prepare(statement);
        const written = values.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[parameterTypes[i]!];
          return serializer ? serializer(value) : String(value);
        });
        const { messages } = await client.execProtocol(concat([bindMessage(name, written), EXECUTE_AND_SYNC]), {
          syncToFs: false,
        });
        await client.syncToFs();
        const rows: Row[] = [];
        for (const message of messages as unknown as Reply) {
          if (message.name !== "dataRow") continue;
          const row: Record<string, unknown> = {};
          (message as DataRow).fields.forEach((text, i) => {
            const column = columns[i]!;
            row[column.name] = text === null ? null : column.parse(text);
          });
          rows.push(row as Row);
        }
        return rows;
      }),
    );
}
