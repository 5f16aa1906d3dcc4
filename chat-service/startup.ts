import type { IncomingMessage, ServerResponse } from "node:http";
import { envOrExit } from "@/lib/env";
import { onShutdown } from "@/lib/lifecycle";
import { parseChatServiceConfig } from "./config";
import { startChatService } from "./server";

/**
 * Start-up of the embedded chat service in a console process in embedded mode, by the process's HTTP
 * server (scripts/serve.ts) once the console's own start-up has run (which may have created the data
 * folder and the key): on the console's DATA_DIR (the same PGlite instance) or DATABASE_URL. Next
 * never loads this service: its modules run as they do under `npm run chat-service`.
 */
export async function startEmbeddedChatService(): Promise<
  (request: IncomingMessage, response: ServerResponse) => void
> {
  const config = envOrExit(() => parseChatServiceConfig(process.env, { port: 3000, dataDir: "./data" }));
  const service = await startChatService(config);
  // Closed with the console's database, once the process's server has stopped taking requests.
  onShutdown("close", "embedded chat service", service.close);
  return service.handle;
}
