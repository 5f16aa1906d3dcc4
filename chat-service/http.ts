import { hash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "@/lib/log";
import { API_SECURITY_HEADERS } from "@/lib/security/response-headers.mjs";
import { ChatServiceError, chatErrors } from "./errors";
import { injectFaults } from "./faults";
import { JsonText } from "./json-text";
import { matchRoute } from "./routes";
import { serviceState } from "./settings";
import { parseOrThrow, uidSchema } from "./validation";

const MAX_BODY_BYTES = 1024 * 1024;
const API_PREFIX = "/v3";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

type RequestContext = {
  query: URLSearchParams;
  /** Path parameters, validated as UIDs (or GUIDs) and lowercased. */
  params: Record<string, string>;
  /** The `onBehalfOf` header, validated and lowercased, when the endpoint takes it ("" when absent). */
  onBehalfOf: string;
  body: unknown;
};

export type Endpoint = {
  /** `required`: a 400 without it; `optional`: validated when given, "" when not. */
  onBehalfOf?: "required" | "optional";
  /** Control endpoints of the embedded service skip the rate limit and the fault injection. */
  control?: true;
  handle: (context: RequestContext) => Promise<unknown>;
};

export type Endpoints = Partial<Record<Method, Endpoint>>;

const BASE_HEADERS = {
  ...API_SECURITY_HEADERS,
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
};

// Never compressed: the answers are small, and a client that asks for nothing gets nothing else.
function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  // Encoded once: a page of 1,000 messages is a megabyte, joined from pieces.
  const bytes = Buffer.from(body instanceof JsonText ? body.text : JSON.stringify(body));
  response.writeHead(status, { ...BASE_HEADERS, ...headers, "Content-Length": bytes.length });
  response.end(bytes);
}

// The one-shot hash: createHash().update().digest() measured ~40 µs a request under load.
const digest = (text: string) => hash("sha256", text, "buffer");

function readBody(request: IncomingMessage): Promise<unknown> {
  const contentType = request.headers["content-type"] ?? "";
  if (Number(request.headers["content-length"] ?? "0") > MAX_BODY_BYTES) {
    return Promise.reject(chatErrors.payloadTooLarge(MAX_BODY_BYTES));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners("data");
        request.resume();
        reject(chatErrors.payloadTooLarge(MAX_BODY_BYTES));
      } else chunks.push(chunk);
    });
    request.on("error", reject);
    request.on("end", () => {
      const bytes = Buffer.concat(chunks);
      if (/^multipart\/form-data/i.test(contentType)) {
        parseMultipart(bytes, contentType).then(resolve, reject);
        return;
      }
      try {
        resolve(parseBody(bytes.toString("utf8")));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function parseBody(text: string): unknown {
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw chatErrors.badRequest("The request body is not valid JSON.", {
      body: ["The request body must be valid JSON."],
    });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw chatErrors.badRequest("The request body must be a JSON object.", {
      body: ["The request body must be a JSON object."],
    });
  }
  return body;
}

/**
 * A `multipart/form-data` body (the vendor's keyword lists are sent so) as an object: each text field
 * a string, each file `{ fileName, content }` (its text), a field given more than once an array.
 */
async function parseMultipart(bytes: Buffer, contentType: string): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw chatErrors.badRequest("The request body is not valid multipart/form-data.", {
      body: ["The request body must be valid multipart/form-data, as its Content-Type says."],
    });
  }
  const body: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    const entry = typeof value === "string" ? value : { fileName: value.name, content: await value.text() };
    const existing = body[name];
    body[name] = existing === undefined ? entry : Array.isArray(existing) ? [...existing, entry] : [existing, entry];
  }
  return body;
}

function validateParams(raw: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      decoded = value;
    }
    params[name] = parseOrThrow(uidSchema, decoded, `The ${name} in the path is not valid`, name);
  }
  return params;
}

function onBehalfOfOf(request: IncomingMessage, mode: "required" | "optional"): string {
  const header = request.headers.onbehalfof;
  if (mode === "optional" && (header === undefined || header === "")) return "";
  if (typeof header !== "string" || header === "") {
    throw chatErrors.badRequest("The onBehalfOf header is required for this API.", {
      onBehalfOf: ["The onBehalfOf header is required: the UID of the user on whose behalf the request is made."],
    });
  }
  return parseOrThrow(uidSchema, header, "The onBehalfOf header is not valid", "onBehalfOf");
}

/**
 * The service on node:http, with no framework in between: one function for every request under
 * `/v3`. Every answer has the vendor's shape and rate-limit headers, errors included.
 */
export function createRequestHandler(apiKey: string): (request: IncomingMessage, response: ServerResponse) => void {
  const expectedKey = digest(apiKey);

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const apiKeyHeader = request.headers.apikey;
    const given = typeof apiKeyHeader === "string" && apiKeyHeader !== "" ? apiKeyHeader : undefined;
    const { settings, limiter } = serviceState();
    let headers: Record<string, string> = {
      "X-RateLimit-Limit": String(settings.rateLimitPerMinute),
      "X-RateLimit-Remaining": String(
        given ? limiter.peek(given, settings.rateLimitPerMinute) : settings.rateLimitPerMinute,
      ),
    };
    try {
      const route =
        pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)
          ? matchRoute(pathname.slice(API_PREFIX.length) || "/")
          : undefined;
      const method = (request.method ?? "GET").toUpperCase() as Method;
      const endpoint = route?.endpoints[method];
      if (!route) throw chatErrors.apiNotFound(pathname);
      if (!endpoint)
        throw chatErrors.methodNotAllowed(
          method,
          METHODS.filter((name) => route.endpoints[name]),
        );

      if (!given) throw chatErrors.emptyApiKey();
      if (!timingSafeEqual(digest(given), expectedKey)) throw chatErrors.unknownApiKey();

      if (!endpoint.control) {
        const decision = limiter.take(given, settings.rateLimitPerMinute);
        headers = { "X-RateLimit-Limit": String(decision.limit), "X-RateLimit-Remaining": String(decision.remaining) };
        if (!decision.allowed) throw chatErrors.tooManyRequests(decision.retryAfterSeconds, decision.limit);
        const fault = await injectFaults(settings, pathname.slice(API_PREFIX.length) || "/");
        if (fault) throw fault;
      }

      const params = validateParams(route.params);
      const onBehalfOf = endpoint.onBehalfOf ? onBehalfOfOf(request, endpoint.onBehalfOf) : "";
      const body = method === "GET" ? {} : await readBody(request);
      const query = new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1));
      send(response, 200, await endpoint.handle({ query, params, onBehalfOf, body }), headers);
    } catch (error) {
      if (error instanceof ChatServiceError) {
        send(response, error.status, error.toBody(), { ...headers, ...error.headers });
        return;
      }
      log().error(
        { err: error, component: "chat-service", method: request.method, path: pathname },
        "unexpected error",
      );
      send(response, 500, chatErrors.internal().toBody(), headers);
    }
  }

  return (request, response) => void serve(request, response);
}
