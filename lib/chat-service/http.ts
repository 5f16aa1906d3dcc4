import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv, isEmbeddedMode } from "@/lib/env";
import { ChatServiceError, chatErrors } from "./errors";
import { injectFaults } from "./faults";
import { serviceState } from "./settings";
import { parseOrThrow, uidSchema } from "./validation";

export const MAX_BODY_BYTES = 1024 * 1024;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

export type RequestContext = {
  request: Request;
  url: URL;
  /** Path parameters, validated as UIDs (or GUIDs) and lowercased. */
  params: Record<string, string>;
  /** The `onBehalfOf` header, validated and lowercased, when the endpoint takes it. */
  onBehalfOf: string;
  body: unknown;
};

export type Endpoint = {
  onBehalfOf?: "required";
  /** Control endpoints of the embedded service skip the rate limit and the fault injection. */
  control?: true;
  handle: (context: RequestContext) => Promise<unknown>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw chatErrors.payloadTooLarge(MAX_BODY_BYTES);
  if (!request.body) return {};
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw chatErrors.payloadTooLarge(MAX_BODY_BYTES);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
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

function validateParams(raw: Record<string, string | string[]>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) continue;
    params[name] = parseOrThrow(uidSchema, decodeURIComponent(value), `The ${name} in the path is not valid`, name);
  }
  return params;
}

function rateHeaders(apiKey: string | null): Record<string, string> {
  const { settings, limiter } = serviceState();
  const limit = settings.rateLimitPerMinute;
  return {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(apiKey ? limiter.peek(apiKey, limit) : limit),
  };
}

async function serve(
  request: Request,
  routeContext: RouteContext,
  endpoints: Partial<Record<Method, Endpoint>>,
): Promise<Response> {
  const url = new URL(request.url);
  const apiPath = url.pathname.replace(/^\/v3/, "") || "/";
  const apiKey = request.headers.get("apikey");
  let headers: Record<string, string> = {};
  try {
    if (!isEmbeddedMode()) throw chatErrors.apiNotFound(url.pathname);
    headers = rateHeaders(apiKey);
    const method = request.method.toUpperCase() as Method;
    const endpoint = endpoints[method];
    if (!endpoint) {
      const allowed = METHODS.filter((name) => endpoints[name]);
      if (allowed.length === 0) throw chatErrors.apiNotFound(url.pathname);
      throw chatErrors.methodNotAllowed(request.method, allowed);
    }

    if (!apiKey) throw chatErrors.emptyApiKey();
    if (!sameSecret(apiKey, getEnv().chatApiKey)) throw chatErrors.unknownApiKey();

    if (!endpoint.control) {
      const { settings, limiter } = serviceState();
      const decision = limiter.take(apiKey, settings.rateLimitPerMinute);
      headers = { "X-RateLimit-Limit": String(decision.limit), "X-RateLimit-Remaining": String(decision.remaining) };
      if (!decision.allowed) throw chatErrors.tooManyRequests(decision.retryAfterSeconds, decision.limit);
      const fault = await injectFaults(settings, apiPath);
      if (fault) throw fault;
    }

    const params = validateParams((await routeContext.params) ?? {});
    let onBehalfOf = "";
    if (endpoint.onBehalfOf === "required") {
      const header = request.headers.get("onbehalfof");
      if (!header) {
        throw chatErrors.badRequest("The onBehalfOf header is required for this API.", {
          onBehalfOf: ["The onBehalfOf header is required: the UID of the user on whose behalf the request is made."],
        });
      }
      onBehalfOf = parseOrThrow(uidSchema, header, "The onBehalfOf header is not valid", "onBehalfOf");
    }
    const body = method === "GET" ? {} : await readJsonBody(request);
    const data = await endpoint.handle({ request, url, params, onBehalfOf, body });
    return json(200, data, headers);
  } catch (error) {
    if (error instanceof ChatServiceError) return json(error.status, error.toBody(), { ...headers, ...error.headers });
    console.error("[chat-service] unexpected error", request.method, url.pathname, error);
    return json(500, chatErrors.internal().toBody(), headers);
  }
}

/**
 * The route handlers of one path of the embedded service. Every method is answered: the ones
 * the path does not serve with the vendor's 405, so that each answer has the vendor's shape.
 */
export function chatServiceRoute(endpoints: Partial<Record<Method, Endpoint>>): Record<Method, RouteHandler> {
  const handler: RouteHandler = (request, context) => serve(request, context, endpoints);
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
