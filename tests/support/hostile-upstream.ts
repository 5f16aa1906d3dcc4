import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A chat service that answers the worst it can within the contract's shapes: what its users typed
 * (NUL characters, the console's own API key), dates out of range, 20,000 levels of nesting, page
 * counts in the hundreds of millions, and block calls whose answer never comes. For tests and the
 * security benchmark: the console must render every page quickly and lose no log entry.
 */
export type HostileUpstream = {
  baseUrl: string;
  /** What a block or unblock call gets: an answer, a connection reset after the request, or no answer at all. */
  blockCalls: "answer" | "reset" | "hang";
  /** UIDs the blocked list shows, as if the calls had taken effect. */
  blocked: Set<string>;
  /** Lists claim 500,000,000 pages, every one of them full; off, the blocked list is one honest page. */
  endlessLists: boolean;
  /** Requests received, by method and path. */
  received: string[];
  close: () => Promise<void>;
};

/** 20,000 levels: more than JSON.stringify can write, so it is spliced into the answer's text. */
const DEEP_MARK = "__20000_levels__";
const DEEP_TEXT = `${'{"a":'.repeat(20_000)}"bottom"${"}".repeat(20_000)}`;

export async function startHostileUpstream(apiKey: string): Promise<HostileUpstream> {
  const metadata = { nested: DEEP_MARK, note: `support says the key is ${apiKey}` };
  const user = (uid: string) => ({
    uid,
    name: `Mallory ${apiKey} \u0000`,
    status: "offline",
    role: "default",
    createdAt: 1e15,
    updatedAt: -1e20,
    metadata,
  });
  const pagination = { total: 5e8, count: 1, per_page: 1, current_page: 1, total_pages: 500_000_000 };
  const conversation = (owner: string, peer: string, tags: unknown = [`tag\u0000nul`, apiKey]) => ({
    conversationId: `${owner}_user_${peer}`,
    conversationType: "user",
    unreadMessageCount: "1",
    createdAt: 1e15,
    updatedAt: 1e15,
    tags,
    lastMessage: {
      id: "1",
      sender: peer,
      receiver: owner,
      receiverType: "user",
      category: "message",
      type: "text",
      data: { text: `hello \u0000 ${apiKey}`, metadata },
      sentAt: 1e15,
    },
    conversationWith: user(peer),
  });

  const state: HostileUpstream = {
    baseUrl: "",
    blockCalls: "answer",
    blocked: new Set(),
    endlessLists: true,
    received: [],
    close: async () => undefined,
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    for await (const chunk of request) body += String(chunk);
    const url = new URL(request.url ?? "/", "http://upstream");
    const path = url.pathname.replace(/^\/v3/, "");
    state.received.push(`${request.method} ${path}`);
    const send = (value: unknown) =>
      response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify(value).replaceAll(`"${DEEP_MARK}"`, DEEP_TEXT));
    const owner = String(request.headers.onbehalfof ?? "owner");
    const blockedUsers = /^\/users\/([^/]+)\/blockedusers$/.exec(path);
    if (blockedUsers && request.method !== "GET") {
      const uids = (JSON.parse(body || "{}") as { blockedUids?: string[] }).blockedUids ?? [];
      for (const uid of uids)
        if (request.method === "POST") state.blocked.add(uid);
        else state.blocked.delete(uid);
      if (state.blockCalls === "reset") return request.socket.destroy();
      if (state.blockCalls === "hang") return;
      return send({ data: Object.fromEntries(uids.map((uid) => [uid, { success: true, message: "done" }])) });
    }
    if (blockedUsers) {
      // Every page is full and there are said to be 500,000,000 of them.
      const page = Number(url.searchParams.get("page") ?? 1);
      const listed = [...state.blocked].map((uid) => ({ ...user(uid), blockedByMe: true }));
      if (!state.endlessLists)
        return send({ data: listed, meta: { pagination: { ...pagination, total: listed.length, total_pages: 1 } } });
      return send({
        data: listed.length > 0 ? listed : [{ ...user(`filler-${page}`), blockedByMe: true }],
        meta: { pagination: { ...pagination, current_page: page } },
      });
    }
    const single = /^\/(users|groups)\/([^/]+)\/conversation$/.exec(path);
    if (single) {
      const tags = request.method === "PUT" ? (JSON.parse(body) as { tags: unknown }).tags : undefined;
      return send({ data: conversation(owner, decodeURIComponent(single[2]!), tags) });
    }
    const oneUser = /^\/users\/([^/]+)$/.exec(path);
    if (oneUser) return send({ data: user(decodeURIComponent(oneUser[1]!)) });
    if (path === "/users") return send({ data: [user("mallory")], meta: { pagination } });
    if (path === "/conversations") return send({ data: [conversation(owner, "mallory")], meta: { pagination } });
    response
      .writeHead(404, { "Content-Type": "application/json" })
      .end(JSON.stringify({ error: { code: "ERR_NOT_FOUND", message: `No route ${path} ${apiKey}` } }));
  };

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
