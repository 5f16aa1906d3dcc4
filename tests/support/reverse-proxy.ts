import {
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export type ReverseProxy = { port: number; url: string; stop: () => Promise<void> };

type ProxyOptions = {
  target: number;
  port?: number;
  /** Headers the proxy adds (X-Forwarded-Host, say). */
  headers?: (incoming: IncomingHttpHeaders) => Record<string, string>;
  /** Holds a request this long before passing it on, as a slow network or a queue in front of a service. */
  delayMs?: (method: string, path: string) => number;
};

/**
 * A reverse proxy in front of a server on loopback, as nginx's `proxy_pass` is: the Host header becomes
 * the server's own address, and the proxy adds the headers it is told to.
 */
export async function startReverseProxy(options: ProxyOptions): Promise<ReverseProxy> {
  const pass = (incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse) => {
    const upstream = forward(
      {
        host: "127.0.0.1",
        port: options.target,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `127.0.0.1:${options.target}`, ...options.headers?.(incoming.headers) },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end()));
    upstream.end(body);
  };
  // The whole request is read first: a client that gives up (its time-out) does not stop it reaching
  // the server, as on a real network.
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const delay = options.delayMs?.(incoming.method ?? "GET", incoming.url ?? "/") ?? 0;
      setTimeout(() => pass(incoming, Buffer.concat(chunks), outgoing), delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
