import path from "node:path";
import { pathToFileURL } from "node:url";
import { compiledServer } from "./lib/compiled.mjs";

/**
 * `npm start` (start) and `npm run chat-service` (chat-service): the program compiled to JavaScript
 * (./lib/compiled.mjs), run in this process. The thread that holds PGlite starts from the same folder.
 */
const programs = new Set(["start", "serve", "chat-service"]);
const [program, ...rest] = process.argv.slice(2);
if (!programs.has(program)) {
  console.error(`Usage: node scripts/run.mjs <${[...programs].join("|")}> [arguments]`);
  process.exit(2);
}
const folder = compiledServer();
process.env.PGLITE_THREAD_ENTRY = path.join(folder, "pglite-thread-worker.js");
process.argv = [process.argv[0], path.join(folder, `${program}.js`), ...rest];
await import(pathToFileURL(path.join(folder, `${program}.js`)).href);
