import { envOrExit } from "@/lib/env";
import { onShutdown } from "@/lib/lifecycle";
import { parseChatServiceConfig } from "./config";
import { mountChatService } from "./mount";
import { startChatService } from "./server";

/**
 * Start-up of the embedded chat service inside a console process in embedded mode, after the
 * console's own (which may have created the data folder and the key): on the console's DATA_DIR (the
 * same PGlite instance) or DATABASE_URL. Its handler is left where the process's HTTP server
 * (scripts/serve.ts) finds it, so that `/v3` never goes through Next's router.
 */
export async function startEmbeddedChatService(): Promise<void> {
  const config = envOrExit(() => parseChatServiceConfig(process.env, { port: 3000, dataDir: "./data" }));
  const service = await startChatService(config);
  // Closed with the console's database, once the process's server has stopped taking requests.
  onShutdown("close", "embedded chat service", service.close);
  mountChatService(service.handle);
}
