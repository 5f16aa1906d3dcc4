import { createServer, request as forward, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReverseProxy = { port: number; url: string; stop: () => Promise<void> };

/**
 * A reverse proxy in front of a console, as nginx's `proxy_pass` is: the Host header becomes the
 * console's own address, and the proxy adds the headers it is told to (X-Forwarded-Host, say).
 */
export async function startReverseProxy(options: {
  target: number;
  port?: number;
  headers: (incoming: IncomingHttpHeaders, port: number) => Record<string, string>;
}): Promise<ReverseProxy> {
  const server = createServer((incoming, outgoing) => {
    const port = (server.address() as AddressInfo).port;
    const upstream = forward(
      {
        host: "127.0.0.1",
        port: options.target,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          host: `127.0.0.1:${options.target}`,
          ...options.headers(incoming.headers, port),
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
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
