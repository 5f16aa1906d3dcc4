// The entry of the thread that holds PGlite: a worker thread starts from a plain JavaScript file, and
// this one loads the TypeScript beside it through tsx (a dependency: `npm start` runs on it too).
import { tsImport } from "tsx/esm/api";

await tsImport("./pglite-thread-worker.ts", import.meta.url);
