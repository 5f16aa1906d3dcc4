import { connect, type Socket } from "node:net";

export type LoadRequest = { method: string; path: string; headers?: Record<string, string>; body?: unknown };
export type LoadResult = { count: number; perSecond: number; p50: number; p99: number; non200: number };

/**
 * A closed-loop load generator over raw keep-alive sockets, in the spirit of wrk: each connection
 * sends one request, reads the whole answer, then sends the next. Requests are serialised ahead of
 * the run and answers only framed (status and Content-Length), so that the generator's own cost stays
 * far below the server's, and the same generator measures every server alike.
 */
export async function runLoad(
  port: number,
  connections: number,
  seconds: number,
  requestOf: (connection: number, i: number) => LoadRequest,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let non200 = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, (_, connection) =>
      drive(
        port,
        deadline,
        (i) => encode(requestOf(connection, i), port),
        (ms, status) => {
          latencies.push(ms);
          if (status !== 200) non200 += 1;
        },
      ),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), non200 };
}

function encode({ method, path, headers = {}, body }: LoadRequest, port: number): Buffer {
  const payload = body === undefined ? "" : JSON.stringify(body);
  const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: keep-alive"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push("Content-Type: application/json");
  lines.push(`Content-Length: ${Buffer.byteLength(payload)}`, "", payload);
  return Buffer.from(lines.join("\r\n"));
}

function drive(
  port: number,
  deadline: number,
  next: (i: number) => Buffer,
  record: (ms: number, status: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    socket.setNoDelay(true);
    let buffered: Buffer<ArrayBufferLike> = Buffer.alloc(0);
    let i = 0;
    let sentAt = 0;
    const send = () => {
      if (performance.now() >= deadline) {
        socket.end();
        resolve();
        return;
      }
      sentAt = performance.now();
      socket.write(next(i));
      i += 1;
    };
    socket.on("connect", send);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const headerEnd = buffered.indexOf("\r\n\r\n");
      if (headerEnd === -1) return;
      const head = buffered.subarray(0, headerEnd).toString("latin1");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < headerEnd + 4 + length) return;
      buffered = buffered.subarray(headerEnd + 4 + length);
      record(performance.now() - sentAt, Number(head.slice(9, 12)));
      send();
    });
  });
}
