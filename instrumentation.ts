/** Next.js calls this once per server process, before the first request is served. */
export async function register() {
  // The edge runtime has no file system or database driver; all start-up work is Node's.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareServer } = await import("@/lib/startup");
  await prepareServer();
  // The console and the embedded chat service start apart, so that the console never imports the service.
  const { isEmbeddedMode } = await import("@/lib/env");
  if (!isEmbeddedMode()) return;
  const { startEmbeddedChatService } = await import("@/lib/chat-service/startup");
  await startEmbeddedChatService();
}
