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

/**
 * Runs the hot path's statements on PGlite as PostgreSQL clients run prepared statements: each is
 * parsed and described once, then every call is one Bind/Describe/Execute/Sync exchange. PGlite's own
 * `query()` parses, plans and describes the text again on every call in six exchanges with the
 * WebAssembly backend; measured on the demo data, a tags update took 3.2 ms that way and 0.66 ms this
 * way (`npm run bench:chat-service` has the figures over HTTP).
 *
 * Statements run under PGlite's own two locks, as `query()` does, so that they never slip into a
 * transaction the console has open on the same instance.
 */
export function preparedRunner(client: PGlite, parsers: Record<number, (value: string) => unknown>) {
  // Parameter types of each prepared statement, by name: they choose how each value is written.
  const prepared = new Map<string, number[]>();
  // Merged once: handed its own parsers, parseResults copies every type's parser into a new object on
  // each call, which measured ~280 µs of a ~570 µs `select 1`.
  const allParsers = { ...client.parsers, ...parsers };

  async function prepare(statement: Statement): Promise<number[]> {
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
    const types = parse.parseDescribeStatementResults(messages);
    prepared.set(statement.name, types);
    return types;
  }

  return <Row>(statement: Statement, values: unknown[]): Promise<Row[]> =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const types = await prepare(statement);
        const written = values.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        const { messages } = await client.execProtocol(
          concat([
            serialize.bind({ statement: statement.name, values: written }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await client.syncToFs();
        return parse.parseResults(messages, allParsers)[0]!.rows as Row[];
      }),
    );
}
