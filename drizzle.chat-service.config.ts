import { defineConfig } from "drizzle-kit";

/** The embedded chat service's schema and migrations, apart from the console's (drizzle.config.ts). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./chat-service/db/schema.ts",
  out: "./chat-service/db/migrations",
});
