import { expect, type APIRequestContext } from "@playwright/test";
import { CHAT_API_KEY } from "./support";

/** Straight to the embedded chat service (`/v3`), with the console's key: to set a scene up and to check what an action did. */
const headers = { apikey: CHAT_API_KEY };

/** Plain users `<prefix>-0` … `<prefix>-<count - 1>`. */
export async function createUsers(request: APIRequestContext, prefix: string, count: number) {
  const created = await request.post("/v3/embedded/users", { headers, data: { prefix, count } });
  expect(created.status()).toBe(200);
  return Array.from({ length: count }, (_, n) => `${prefix}-${n}`);
}

/** Sends a text message from `sender` to a user or group; answers its id. */
export async function sendMessage(
  request: APIRequestContext,
  sender: string,
  receiver: string,
  text: string,
  receiverType: "user" | "group" = "user",
) {
  const sent = await request.post("/v3/messages", {
    headers: { ...headers, onBehalfOf: sender },
    data: { receiver, receiverType, category: "message", type: "text", data: { text } },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return String(((await sent.json()) as { data: { id: string } }).data.id);
}

/** A GET at `/v3`: its status and body. */
export async function chatGet(request: APIRequestContext, path: string, onBehalfOf?: string) {
  const response = await request.get(`/v3${path}`, { headers: { ...headers, ...(onBehalfOf ? { onBehalfOf } : {}) } });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> & { data?: unknown } };
}

/** Fault injection at run time; null clears it. */
export async function setFaults(request: APIRequestContext, settings: Record<string, unknown> | null) {
  const response = settings
    ? await request.put("/v3/embedded/settings", { headers, data: settings })
    : await request.delete("/v3/embedded/settings", { headers });
  expect(response.ok()).toBe(true);
}
