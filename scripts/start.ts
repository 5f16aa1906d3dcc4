import { envOrExit, parseEnv } from "../lib/env";
import { buildIfNeeded } from "./lib/build";

/**
 * `npm start`: check the configuration, build when needed, then serve in this process (migrations
 * and demo data run at server start).
 */
envOrExit(() => parseEnv(process.env));
buildIfNeeded();
await import("./serve");
