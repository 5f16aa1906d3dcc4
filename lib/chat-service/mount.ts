import type { IncomingMessage, ServerResponse } from "node:http";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type Mount = { handler?: Handler };

/**
 * Where the embedded service, started inside Next (instrumentation.ts), leaves its handler for the
 * process's own HTTP server (scripts/serve.ts), which loads Next but not this service's modules: a
 * global, since the two are loaded by different module systems.
 */
const mount = globalThis as typeof globalThis & { __embeddedChatServiceMount?: Mount };

export const mountChatService = (handler: Handler) => {
  (mount.__embeddedChatServiceMount ??= {}).handler = handler;
};

export const mountedChatService = (): Handler | undefined => mount.__embeddedChatServiceMount?.handler;
