import { spawn } from "node:child_process";
import { EnvError, parseEnv } from "../lib/env";
import { buildIfNeeded, nextBin } from "./lib/build";

/** `npm start`: check the configuration, build when needed, then serve (migrations and demo data run at server start). */
function port(): number {
  try {
    return parseEnv(process.env).port;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\n\nFix these variables and start again.\n`);
      process.exit(1);
    }
    throw error;
  }
}

const listenPort = port();
buildIfNeeded();
const server = spawn(process.execPath, [nextBin(), "start", "--port", String(listenPort)], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
