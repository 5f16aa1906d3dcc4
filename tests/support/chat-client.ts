import type { ConsoleServer } from "./console-server";

export type ChatCall = {
  status: number;
  headers: Headers;
  body: any;
  text: string;
};

export type ChatCallOptions = {
  body?: unknown;
  /** A raw body sent as it is (not JSON-encoded). */
  rawBody?: string;
  onBehalfOf?: string;
  /** `null` sends no apikey header; a string sends that key instead of the server's. */
  apiKey?: string | null;
  headers?: Record<string, string>;
};

/** One request to the embedded chat API of `server`, over real HTTP. */
export async function chatCall(
  server: ConsoleServer,
  method: string,
  path: string,
  options: ChatCallOptions = {},
): Promise<ChatCall> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const apiKey = options.apiKey === undefined ? server.apiKey : options.apiKey;
  if (apiKey !== null) headers.apikey = apiKey;
  if (options.onBehalfOf !== undefined) headers.onBehalfOf = options.onBehalfOf;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] ??= "application/json";
  const response = await fetch(`${server.chatBaseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
