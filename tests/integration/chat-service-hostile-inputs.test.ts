import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall, type ChatCallOptions } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { expectVendorError } from "../support/contract-expectations";

/**
 * Every string field of every endpoint, sent what the database cannot store: a NUL character and the
 * lone halves of a surrogate pair. Each is a 400 in the vendor's shape whose details name the field,
 * never a 500, on either database.
 */
const HOSTILE = { nul: "a\u0000b", "lone high surrogate": "a\ud800", "lone low surrogate": "\udc00b" };

/** Percent-encoded as WTF-8: a lone surrogate as the three bytes UTF-8 would give it, which are not UTF-8. */
const percentEncoded = (value: string) =>
  [...value]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    })
    .join("");

type Request = [method: string, path: string, options?: ChatCallOptions];
/** Where the value travels: a body's JSON carries any string; a path or query only the bytes of a URL. */
type Field = { endpoint: string; field: string; via: "body" | "path" | "query"; request: (value: string) => Request };

const owner = { onBehalfOf: "cometchat-uid-1" };
const inPath = (endpoint: string, field: string, method: string, template: string, options = {}): Field => ({
  endpoint,
  field,
  via: "path",
  request: (value) => [method, template.replace("*", percentEncoded(value)), options],
});
const inQuery = (endpoint: string, path: string, field: string, options = {}): Field => ({
  endpoint,
  field,
  via: "query",
  request: (value) => ["GET", `${path}?${field}=${percentEncoded(value)}`, options],
});
const inBody = (
  endpoint: string,
  field: string,
  method: string,
  path: string,
  body: (value: string) => unknown,
  options = {},
): Field => ({
  endpoint,
  field,
  via: "body",
  request: (value) => [method, path, { ...options, body: body(value) }],
});

const FIELDS: Field[] = [
  inPath("GET /users/{uid}", "uid", "GET", "/users/*"),
  ...["searchKey", "searchIn", "status", "role", "roles", "perPage", "page"].map((field) =>
    inQuery("GET /users", "/users", field),
  ),
  inPath("GET /users/{uid}/conversation", "uid", "GET", "/users/*/conversation", owner),
  inPath("PUT /users/{uid}/conversation", "uid", "PUT", "/users/*/conversation", { ...owner, body: { tags: [] } }),
  inBody(
    "PUT /users/{uid}/conversation",
    "tags.1",
    "PUT",
    "/users/cometchat-uid-2/conversation",
    (tag) => ({ tags: ["ok", tag] }),
    owner,
  ),
  inPath("GET /groups/{guid}/conversation", "guid", "GET", "/groups/*/conversation", owner),
  inPath("PUT /groups/{guid}/conversation", "guid", "PUT", "/groups/*/conversation", { ...owner, body: { tags: [] } }),
  inBody(
    "PUT /groups/{guid}/conversation",
    "tags.0",
    "PUT",
    "/groups/cometchat-guid-1/conversation",
    (tag) => ({ tags: [tag] }),
    owner,
  ),
  ...["conversationType", "searchKey", "unread", "withTags", "tags", "perPage", "page"].map((field) =>
    inQuery("GET /conversations", "/conversations", field, owner),
  ),
  inPath("GET /users/{uid}/blockedusers", "uid", "GET", "/users/*/blockedusers"),
  ...["perPage", "page"].map((field) =>
    inQuery("GET /users/{uid}/blockedusers", "/users/cometchat-uid-1/blockedusers", field),
  ),
  ...["POST", "DELETE"].flatMap((method) => [
    inPath(`${method} /users/{uid}/blockedusers`, "uid", method, "/users/*/blockedusers", {
      body: { blockedUids: ["cometchat-uid-2"] },
    }),
    inBody(
      `${method} /users/{uid}/blockedusers`,
      "blockedUids.1",
      method,
      "/users/cometchat-uid-1/blockedusers",
      (uid) => ({
        blockedUids: ["cometchat-uid-2", uid],
      }),
    ),
  ]),
  ...["errorStatus", "pathPattern"].map((field) =>
    inBody("PUT /embedded/settings", field, "PUT", "/embedded/settings", (value) => ({ [field]: value })),
  ),
  inBody("POST /embedded/users", "prefix", "POST", "/embedded/users", (prefix) => ({ prefix, count: 1 })),
  // The moderation surface.
  inBody(
    "POST /messages",
    "data.text",
    "POST",
    "/messages",
    (text) => ({ receiver: "cometchat-uid-2", receiverType: "user", data: { text } }),
    owner,
  ),
  ...["searchKey", "type", "sender", "conversationId"].map((field) => inQuery("GET /messages", "/messages", field)),
  inQuery("GET /groups", "/groups", "searchKey"),
  ...["id", "name", "description"].map((field) =>
    inBody("POST /moderation/reasons", field, "POST", "/moderation/reasons", (value) => ({
      id: "reason-id",
      name: "A reason",
      [field]: value,
    })),
  ),
  inBody("DELETE /users", "uidsToDeactivate.0", "DELETE", "/users", (uid) => ({ uidsToDeactivate: [uid] })),
];

describe.each(await databaseKinds())("hostile strings in every field of the embedded chat API on %s", (database) => {
  let server: ConsoleServer;

  beforeAll(async () => {
    server = await startConsole({ database });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const cases = FIELDS.flatMap((field) => Object.entries(HOSTILE).map(([kind, value]) => ({ ...field, kind, value })));

  it.each(cases)(
    "$endpoint, $field ($via): $kind is a 400 naming the field",
    async ({ field, via, request, value }) => {
      const [method, path, options] = request(value);
      const call = await chatCall(server, method, path, options);
      const surrogate = value !== HOSTILE.nul;
      if (via === "query" && surrogate) {
        // A URL carries bytes: a lone surrogate's are not UTF-8, and arrive as U+FFFD, which can be stored.
        expect([200, 400]).toContain(call.status);
        if (call.status === 400) expect(Object.keys(call.body.error.details)).toContain(field);
        return;
      }
      expect(call.status).toBe(400);
      expectVendorError(call, "ERR_BAD_REQUEST");
      // A path that is not UTF-8 is refused as a path before any of its parts is read.
      const named = via === "path" && surrogate ? [field, "path"] : [field];
      expect(Object.keys(call.body.error.details).some((key) => named.includes(key))).toBe(true);
    },
  );

  it("stores unusual text that is Unicode exactly as sent, and finds it", async () => {
    const tags = ["😀 astral", "ß ü ﷽", "zero\u200bwidth \u202eright-to-left", "'; drop table chat_users; --", "%_\\"];
    const put = await chatCall(server, "PUT", "/users/cometchat-uid-2/conversation", { ...owner, body: { tags } });
    expect(put.status).toBe(200);
    const read = await chatCall(server, "GET", "/users/cometchat-uid-2/conversation", owner);
    expect(read.body.data[0].tags).toEqual(tags);
    const found = await chatCall(server, "GET", `/conversations?tags=${encodeURIComponent("😀 astral")}`, owner);
    expect(found.body.data.map((record: { conversationId: string }) => record.conversationId)).toContain(
      read.body.data[0].conversationId,
    );
    const search = await chatCall(server, "GET", `/users?searchKey=${encodeURIComponent("%_\\")}`);
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual([]);
  });
});
