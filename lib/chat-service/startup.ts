import { envOrExit } from "@/lib/env";
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
  // Before the console's own handler, which closes the database and exits: the service lets go first.
  process.prependOnceListener("SIGTERM", () => void service.close());
  process.prependOnceListener("SIGINT", () => void service.close());
  mountChatService(service.handle);
}
