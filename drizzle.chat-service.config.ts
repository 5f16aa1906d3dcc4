import { defineConfig } from "drizzle-kit";

/** The embedded chat service's schema and migrations, apart from the console's (drizzle.config.ts). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/chat-service/db/schema.ts",
  out: "./lib/chat-service/db/migrations",
});
