/**
 * Next.js calls this once per server process, before the first request is served. The embedded chat
 * service is not started here but by the process's HTTP server (scripts/serve.ts), after this: the
 * console never loads it.
 */
export async function register() {
  // The edge runtime has no file system or database driver; all start-up work is Node's.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareServer } = await import("@/lib/startup");
  await prepareServer();
}
