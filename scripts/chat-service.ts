import { createServer } from "node:http";
import { parseChatServiceConfig } from "../chat-service/config";
import { startChatService } from "../chat-service/server";
import { envOrExit } from "../lib/env";
import { logSettings } from "../lib/env-log";
import { log, routeConsoleToLog } from "../lib/log";

import { answerClientErrorsWithSecurityHeaders } from "../lib/security/server-headers";

/**
 * `npm run chat-service`: the embedded chat API v3 alone, an offline CometChat for other applications'
 * tests. PORT (3100), CHAT_API_KEY (else generated and kept in DATA_DIR), DATA_DIR (./data/chat-service,
 * for its PGlite) or DATABASE_URL. The paths and answers are those of the console's /v3.
 */
if (envOrExit(logSettings).format === "json") routeConsoleToLog();
const config = envOrExit(() => parseChatServiceConfig(process.env, { port: 3100, dataDir: "./data/chat-service" }));
const service = await startChatService(config);
// The service's own answers carry the security headers (chat-service/http.ts); Node's refusals too.
const server = createServer(service.handle);
answerClientErrorsWithSecurityHeaders(server);
server.listen(config.port, () => {
  log().info(
    {
      url: `http://localhost:${config.port}/v3`,
      database: config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`,
      keyFrom: process.env.CHAT_API_KEY ? "CHAT_API_KEY" : `in ${config.dataDir}/chat-api-key`,
    },
    "Chat API v3 listening",
  );
});

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  service
    .close()
    .catch((err: unknown) => log().error({ err }, "closing the database failed"))
    .finally(() => process.exit(0));
};
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
