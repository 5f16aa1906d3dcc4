import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "@/lib/log";
import type { ChatServiceConfig } from "./config";
import { openChatStore } from "./db/client";
import { createRequestHandler } from "./http";
import { nowSeconds } from "./lookups";
import { ensureModerationDefaults } from "./moderation-engine";
import { DEMO_UIDS_WORTH_LOOKING_UP, seedDemoDataIfEmpty } from "./seed";
import { setService } from "./service";

export type RunningChatService = {
  handle: (request: IncomingMessage, response: ServerResponse) => void;
  database: "pglite" | "postgres";
  close: () => Promise<void>;
};

/**
 * Opens the service's database (migrating it with the service's own migrations), loads the demo data
 * into an empty one, and answers with the function that serves `/v3`.
 */
export async function startChatService(config: ChatServiceConfig): Promise<RunningChatService> {
  const store = await openChatStore(config);
  setService(config, store);
  await ensureModerationDefaults(store.db, nowSeconds());
  const seeded = await seedDemoDataIfEmpty(store.db);
  log().info(
    { demoDataLoaded: seeded, uidsToTry: DEMO_UIDS_WORTH_LOOKING_UP.map(({ uid }) => uid) },
    "Embedded chat API v3 started",
  );
  return { handle: createRequestHandler(config.apiKey), database: store.kind, close: store.close };
}
