import type { KnipConfig } from "knip";

/**
 * knip finds unused files, exports and dependencies. Its plugins read the entry points of Next.js
 * (app router files, instrumentation.ts, proxy.ts), vitest, Playwright and the npm scripts; named
 * here are only the files those configurations reach in ways knip cannot follow.
 */
const config: KnipConfig = {
  entry: [
    // Compiled and run by scripts/run.mjs (`npm start`, `npm run chat-service`, the tests' servers) and run
    // by `npm run dev` as `exec node --import tsx <file>`, which knip's reading of package.json does not follow.
    "scripts/start.ts",
    "scripts/chat-service.ts",
    "scripts/serve.ts",
    // Started as a child process by the action log's integration test.
    "tests/support/append-worker.ts",
    // The thread that holds PGlite: started by path (lib/db/pglite-thread.ts), and loading its TypeScript by path.
    "lib/db/pglite-thread-entry.mjs",
    "lib/db/pglite-thread-worker.ts",
    // What vitest puts in place of "server-only", named by path in its alias.
    "tests/support/empty-module.ts",
    // drizzle-kit's configuration of the chat service's schema, named by --config in `npm run db:generate`.
    "drizzle.chat-service.config.ts",
  ],
  // The types of lib/security/response-headers.mjs (plain JavaScript, for next.config.mjs): TypeScript reads
  // them in place of the module, which knip follows instead.
  ignore: ["lib/security/response-headers.d.mts"],
  // esbuild's command line, run by path (require.resolve("esbuild/bin/esbuild")) by scripts/lib/compiled.mjs.
  ignoreDependencies: ["esbuild"],
  playwright: {
    // The setup project matches its file by a regular expression, which knip does not read.
    entry: ["e2e/**/*.spec.ts", "e2e/auth.setup.ts"],
  },
};

export default config;
