import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";

type Call = { status: number; body: any };

function expectError(call: Call, status: number, code: string) {
  expect(call.status, JSON.stringify(call.body)).toBe(status);
  expect(call.body.error).toMatchObject({ code, source: "chat-api" });
}

/** A 400 whose details name `field`, with a message matching `message` when given. */
function expectBadField(call: Call, field: string, message?: RegExp) {
  expectError(call, 400, "ERR_BAD_REQUEST");
  expect(Object.keys(call.body.error.details)).toContain(field);
  if (message) expect(call.body.error.details[field].join(" ")).toMatch(message);
}

const textCondition = (value: string[], extra: Record<string, unknown> = {}) => ({
  entity: "message",
  operand: "text",
  operator: "contains",
  category: "word",
  isKeywordsReferencePresent: false,
  value,
  ...extra,
});

describe.each(await databaseKinds())("embedded chat API v3, the moderation engine, on %s", (database) => {
  let server: ConsoleServer;
  const get = async (path: string) => (await chatCall(server, "GET", path)).body;
  const post = (path: string, body: unknown) => chatCall(server, "POST", path, { body });
  const put = (path: string, body: unknown) => chatCall(server, "PUT", path, { body });
  const del = (path: string) => chatCall(server, "DELETE", path);
  const review = (id: string, status: string) =>
    chatCall(server, "PATCH", `/moderation/blocked-messages/${id}`, { body: { status } });
  const sendTo = (onBehalfOf: string, receiverType: "user" | "group", receiver: string, text: string) =>
    chatCall(server, "POST", "/messages", { onBehalfOf, body: { receiver, receiverType, data: { text } } });
  const blocked = async () => (await get("/moderation/blocked-messages?limit=1000")).data as any[];
  const multipart = (method: string, path: string, form: FormData) =>
    fetch(`${server.chatBaseUrl}${path}`, { method, headers: { apikey: server.apiKey }, body: form }).then(
      async (response) => ({ status: response.status, body: await response.json() }),
    );
  const rule = (id: string, conditions: unknown[], extra: Record<string, unknown> = {}) =>
    post("/moderation/rules", { id, name: `Rule ${id}`, conditions, action: ["blockMessage"], ...extra });

  beforeAll(async () => {
    server = await startConsole({ database });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has the vendor's default rules and list, and the demo's scam list", async () => {
    const rules = await get("/moderation/rules");
    expect(rules.data.map((entry: any) => entry.id)).toEqual([
      "text-profanity-filter",
      "image-moderation",
      "video-moderation",
      "custom-profanity-filter",
      "contact_details_filter",
      "email_filter",
    ]);
    expect(rules.meta.current).toEqual({ limit: 50, count: 6 });
    expect(rules.data[0]).toMatchObject({
      name: "Text Profanity filter",
      enabled: true,
      default: true,
      active: true,
      action: ["blockMessage"],
      filters: [],
      revisionId: expect.stringMatching(/^[a-z0-9]+_text-profanity-filter_1$/),
      createdAt: expect.any(Number),
      conditions: [expect.objectContaining({ id: 1, isKeywordsReferencePresent: true, value: ["profanity-list"] })],
    });
    expect(rules.data.filter((entry: any) => entry.enabled).map((entry: any) => entry.id)).toEqual([
      "text-profanity-filter",
    ]);
    const lists = await get("/moderation/keywords");
    expect(lists.data.map((list: any) => list.id)).toEqual(["profanity-list", "scam-links"]);
    expect(lists.data[0]).toMatchObject({ category: "word", isCSV: false, default: true, active: true });
    expect(lists.data[1].searchTerms).not.toContain("usdt-drop.example");
    expect((await get("/moderation/keywords/profanity-list")).data.id).toBe("profanity-list");
    expect((await get("/moderation/rules/email_filter")).data.conditions).toHaveLength(2);
    expectError(await chatCall(server, "GET", "/moderation/rules/nope"), 404, "ERR_RULE_NOT_FOUND");
    expectError(await chatCall(server, "GET", "/moderation/keywords/nope"), 404, "ERR_KEYWORD_NOT_FOUND");
  });

  it("creates keyword lists from JSON and from multipart/form-data with a CSV, trimmed and without repeats", async () => {
    const fromString = await post("/moderation/keywords", {
      id: "json-words",
      name: "JSON words",
      category: "word",
      searchTerms: " alpha, Beta,alpha ,, beta ",
    });
    expect(fromString.body.data).toMatchObject({
      id: "json-words",
      description: "",
      isCSV: false,
      searchTerms: ["alpha", "Beta"],
      active: true,
      revisionId: expect.stringMatching(/_json-words_1$/),
    });
    expect(fromString.body.data.default).toBeUndefined();
    const fromArray = await post("/moderation/keywords", {
      id: "json-patterns",
      name: "JSON patterns",
      category: "pattern",
      searchTerms: ["claim.{0,10}bonus", "ref=\\d{1,6}"],
    });
    expect(fromArray.body.data.searchTerms).toEqual(["claim.{0,10}bonus", "ref=\\d{1,6}"]);

    const form = new FormData();
    form.set("id", "csv-words");
    form.set("name", "CSV words");
    form.set("description", "From a file");
    form.set("category", "word");
    form.set("searchTerms", "gamma");
    form.set("file", new Blob(['delta,"epsilon zeta"\r\n"eta ""quoted""",Gamma\n'], { type: "text/csv" }), "terms.csv");
    const fromCsv = await multipart("POST", "/moderation/keywords", form);
    expect(fromCsv.status).toBe(200);
    expect(fromCsv.body.data).toMatchObject({ id: "csv-words", isCSV: true, description: "From a file" });
    // Every cell a term (a quoted one too), after the field's; Gamma repeats gamma.
    expect(fromCsv.body.data.searchTerms).toEqual(["gamma", "delta", "epsilon zeta", 'eta "quoted"']);
  });

  it("refuses what a keyword list may not hold, naming the field", async () => {
    const list = (body: Record<string, unknown>) =>
      post("/moderation/keywords", { id: "bad", name: "Bad", category: "word", searchTerms: "x", ...body });
    expectBadField(
      await list({ category: "pattern", searchTerms: "claim.*now" }),
      "searchTerms",
      /`\.\*` matches anything/,
    );
    expectBadField(await list({ category: "pattern", searchTerms: "(a+)+" }), "searchTerms", /repeats/);
    expectBadField(
      await list({ category: "pattern", searchTerms: "(abc" }),
      "searchTerms",
      /Not a valid regular expression/,
    );
    expectBadField(await list({ searchTerms: ["x".repeat(101)] }), "searchTerms", /at most 100 characters/);
    expectBadField(await list({ searchTerms: ["a,b"] }), "searchTerms", /comma/);
    expectBadField(await list({ searchTerms: " , " }), "searchTerms");
    expectBadField(await list({ category: "colour" }), "category");
    expectBadField(await list({ name: "" }), "name");
    expectBadField(await list({ id: "no spaces" }), "id");
    expectBadField(await list({ id: "json-words" }), "id", /already exists/);
    expectBadField(await list({ id: "profanity-list" }), "id", /already exists/);
    const badForm = new FormData();
    badForm.set("id", "bad-form");
    badForm.set("name", "Bad");
    badForm.set("category", "pattern");
    badForm.set("searchTerms", "ok{1,2}\n.+x");
    expectBadField(await multipart("POST", "/moderation/keywords", badForm), "searchTerms", /`\.\+`/);
  });

  it("updates a list (a new revision), keeps a default list's id, and refuses to delete a default list or one in use", async () => {
    const updated = await put("/moderation/keywords/json-words", { searchTerms: ["omega"], name: "Renamed" });
    expect(updated.body.data).toMatchObject({
      name: "Renamed",
      searchTerms: ["omega"],
      revisionId: expect.stringMatching(/_json-words_2$/),
    });
    const form = new FormData();
    form.set("searchTerms", "omega, psi");
    const viaForm = await multipart("PUT", "/moderation/keywords/json-words", form);
    expect(viaForm.body.data).toMatchObject({
      searchTerms: ["omega", "psi"],
      revisionId: expect.stringMatching(/_3$/),
    });
    expect((await put("/moderation/keywords/profanity-list", { description: "Ours" })).body.data).toMatchObject({
      default: true,
      description: "Ours",
    });
    expectBadField(await put("/moderation/keywords/profanity-list", { id: "other-name" }), "id", /default/);
    expectBadField(await del("/moderation/keywords/profanity-list"), "id", /default/);
    expect(
      (
        await rule("uses-json-words", [textCondition(["json-words"], { isKeywordsReferencePresent: true })], {
          enabled: false,
        })
      ).status,
    ).toBe(200);
    expectBadField(await del("/moderation/keywords/json-words"), "id", /uses-json-words/);
    expectBadField(
      await put("/moderation/keywords/json-words", { category: "pattern" }),
      "category",
      /uses-json-words/,
    );
    expect((await del("/moderation/rules/uses-json-words")).body.data).toEqual({
      success: true,
      message: "Rule with id uses-json-words has been deleted successfully.",
    });
    expect((await del("/moderation/keywords/json-words")).body.data).toEqual({
      success: true,
      message: "Keyword with id json-words has been deleted successfully.",
    });
    expectError(await del("/moderation/keywords/json-words"), 404, "ERR_KEYWORD_NOT_FOUND");
  });

  it("refuses a 26th custom list and a 26th custom rule", async () => {
    const existing = (await get("/moderation/keywords?limit=1000")).data.filter((list: any) => !list.default).length;
    const made: string[] = [];
    for (let i = existing; i < 25; i += 1) {
      const id = `limit-list-${i}`;
      expect((await post("/moderation/keywords", { id, name: id, category: "word", searchTerms: "x" })).status).toBe(
        200,
      );
      made.push(id);
    }
    expectBadField(
      await post("/moderation/keywords", { id: "one-too-many", name: "x", category: "word", searchTerms: "x" }),
      "body",
      /at most 25/,
    );
    for (const id of made) await del(`/moderation/keywords/${id}`);

    const rules: string[] = [];
    const customRules = (await get("/moderation/rules?limit=1000")).data.filter((entry: any) => !entry.default).length;
    for (let i = customRules; i < 25; i += 1) {
      const id = `limit-rule-${i}`;
      expect((await rule(id, [textCondition(["x"])], { enabled: false })).status).toBe(200);
      rules.push(id);
    }
    expectBadField(await rule("one-too-many", [textCondition(["x"])]), "body", /at most 25/);
    for (const id of rules) await del(`/moderation/rules/${id}`);
  });

  it("refuses what a rule may not hold, naming the field", async () => {
    const conditions = [textCondition(["x"])];
    const filter = { entity: "user", operand: "uid", operator: "equals", value: "a", type: "sender" };
    expectBadField(
      await rule(
        "r",
        Array.from({ length: 11 }, () => textCondition(["x"])),
      ),
      "conditions",
      /at most 10/,
    );
    expectBadField(
      await rule("r", conditions, { filters: Array.from({ length: 11 }, () => filter) }),
      "filters",
      /at most 10/,
    );
    expectBadField(await rule("r", conditions, { name: "n".repeat(101) }), "name", /at most 100/);
    expectBadField(await rule("r", conditions, { description: "d".repeat(256) }), "description", /at most 255/);
    expectBadField(
      await rule("r", [textCondition(["scam-links", "no-such-list"], { isKeywordsReferencePresent: true })]),
      "conditions.0.value",
      /no-such-list/,
    );
    expectBadField(
      await rule("r", [textCondition(["scam-links"], { isKeywordsReferencePresent: true, category: "pattern" })]),
      "conditions.0.value",
      /scam-links is a word list/,
    );
    expectBadField(
      await rule("r", [textCondition(["claim.*"], { category: "pattern" })]),
      "conditions.0.value.0",
      /`\.\*`/,
    );
    expectBadField(await rule("r", conditions, { action: ["blockMessage", "dropMessage"] }), "action", /exactly one/);
    expectBadField(await rule("r", conditions, { action: ["flagMessage"] }), "action.0");
    expectBadField(
      await rule("r", conditions, { filters: [{ ...filter, operator: "lessThan" }] }),
      "filters.0",
      /takes the operators/,
    );
    expectBadField(await rule("r", [], {}), "conditions");
    expectBadField(await rule("text-profanity-filter", conditions), "id", /already exists/);
    expectBadField(await del("/moderation/rules/text-profanity-filter"), "id", /default/);
    expectBadField(await put("/moderation/rules/email_filter", { id: "other" }), "id");
    expectError(await put("/moderation/rules/nope", { enabled: true }), 404, "ERR_RULE_NOT_FOUND");
    expectError(await del("/moderation/rules/nope"), 404, "ERR_RULE_NOT_FOUND");
  });

  it("keeps every revision of a rule, newest first, each whole", async () => {
    const created = await rule("revised", [textCondition(["never-sent-word"])], { description: "first" });
    expect(created.body.data).toMatchObject({ enabled: true, revisionId: expect.stringMatching(/_revised_1$/) });
    const changed = await put("/moderation/rules/revised", { enabled: false });
    expect(changed.body.data).toMatchObject({
      enabled: false,
      description: "first",
      revisionId: expect.stringMatching(/_revised_2$/),
    });
    const revisions = await get("/moderation/rules/revised/revisions");
    expect(revisions.data.map((entry: any) => [entry.revisionId.split("_").pop(), entry.enabled])).toEqual([
      ["2", false],
      ["1", true],
    ]);
    expect(revisions.data[1]).toMatchObject({
      id: "revised",
      description: "first",
      conditions: [expect.objectContaining({ id: 1 })],
    });
    expect(revisions.meta.current).toEqual({ limit: 50, count: 2 });
    expectError(await chatCall(server, "GET", "/moderation/rules/nope/revisions"), 404, "ERR_RULE_NOT_FOUND");
  });

  describe("on every message sent", () => {
    const sender = "cometchat-uid-3";
    const receiver = "cometchat-uid-4";
    // The contract wraps the conversation in an array.
    const conversation = async () =>
      (await chatCall(server, "GET", `/users/${sender}/conversation`, { onBehalfOf: receiver })).body.data[0];
    const direct = async () =>
      (await chatCall(server, "GET", `/users/${sender}/messages?limit=20`, { onBehalfOf: receiver })).body
        .data as any[];
    const idsOf = (messages: any[]) => messages.map((message) => message.id);

    beforeAll(async () => {
      await post("/moderation/keywords", {
        id: "eval-words",
        name: "Eval words",
        category: "word",
        searchTerms: "usdt-drop.example, ass, free crypto",
      });
      await post("/moderation/keywords", {
        id: "eval-patterns",
        name: "Eval patterns",
        category: "pattern",
        searchTerms: "claim.{0,10}bonus",
      });
      await rule("eval-words", [textCondition(["eval-words"], { isKeywordsReferencePresent: true })]);
      await rule("eval-patterns", [
        textCondition(["eval-patterns"], { isKeywordsReferencePresent: true, category: "pattern" }),
      ]);
    });

    it("blocks a word of a list at word boundaries, in any case, and lets the rest through", async () => {
      const hit = await sendTo(sender, "user", receiver, "go to https://USDT-DROP.example/claim?ref=1 now");
      expect(hit.status).toBe(200);
      expect(hit.body.data).toMatchObject({ id: expect.any(String), data: { moderation: { status: "pending" } } });
      expect((await sendTo(sender, "user", receiver, "Free   Crypto")).body.data.data.moderation).toBeUndefined();
      expect((await sendTo(sender, "user", receiver, "FREE CRYPTO!")).body.data.data.moderation).toEqual({
        status: "pending",
      });
      for (const text of ["a first-class seat", "assassin's creed", "usdt-drop.examples"]) {
        const ok = await sendTo(sender, "user", receiver, text);
        expect(ok.body.data.data.moderation, text).toBeUndefined();
      }
      expect((await sendTo(sender, "user", receiver, "claim your BONUS")).body.data.data.moderation).toEqual({
        status: "pending",
      });
      expect((await sendTo(sender, "user", receiver, "what the shit")).body.data.data.moderation).toEqual({
        status: "pending",
      });
    });

    it("hides a blocked message from every list, the conversation and its last message, and lists it for review", async () => {
      const before = await conversation();
      const sent = await sendTo(sender, "user", receiver, "ass");
      const id = sent.body.data.id as string;
      expect(idsOf(await direct())).not.toContain(id);
      expect(idsOf((await get("/messages?limit=50")).data)).not.toContain(id);
      const inGroup = await sendTo(sender, "group", "cometchat-guid-1", "free crypto here");
      expect(idsOf((await get("/groups/cometchat-guid-1/messages?limit=50")).data)).not.toContain(inGroup.body.data.id);
      expectError(await chatCall(server, "GET", `/messages/${id}`), 404, "ERR_MESSAGE_ID_NOT_FOUND");
      const after = await conversation();
      expect(after.lastMessage?.id).toBe(before.lastMessage?.id);
      expect(after.unreadMessageCount).toBe(before.unreadMessageCount);
      const conversations = (await chatCall(server, "GET", "/conversations?perPage=100", { onBehalfOf: receiver })).body
        .data as any[];
      expect(conversations.map((entry) => entry.lastMessage?.id)).not.toContain(id);

      const item = (await blocked()).find((entry) => entry.message.id === id);
      const words = (await get("/moderation/rules/eval-words")).data;
      expect(item).toMatchObject({
        ruleId: "eval-words",
        ruleName: "Rule eval-words",
        revisionId: words.revisionId,
        condition: { id: 1, value: ["eval-words"], weight: 1 },
        action: ["blockMessage"],
        createdAt: expect.any(Number),
        updatedAt: expect.any(Number),
        message: {
          id,
          sender,
          receiver,
          conversationId: sent.body.data.conversationId,
          data: {
            text: "ass",
            moderation: { status: "pending" },
            entities: { sender: expect.any(Object), receiver: expect.any(Object) },
          },
        },
      });
      const page = await get("/moderation/blocked-messages?limit=1");
      expect(page.meta.current).toEqual({ limit: 1, count: 1 });
      expect(page.data[0].message.id).toBe(inGroup.body.data.id);
      expect(
        (await get(`/moderation/blocked-messages?limit=1000&fromTimestamp=${item.createdAt + 3600}`)).data,
      ).toEqual([]);
      expectBadField(await chatCall(server, "GET", "/moderation/blocked-messages?limit=1001"), "limit");
    });

    it("delivers an approved message under its id, and keeps a rejected one out; a decision is idempotent", async () => {
      const before = await conversation();
      const approved = (await sendTo(sender, "user", receiver, "ass again")).body.data.id as string;
      const rejected = (await sendTo(sender, "user", receiver, "ass once more")).body.data.id as string;
      expect((await review(approved, "approved")).body.data).toEqual({
        success: true,
        message: `Message with ID ${approved} has been approved.`,
      });
      expect((await review(approved, "approved")).body.data.success).toBe(true);
      expectError(await review(approved, "rejected"), 409, "ERR_MESSAGE_ALREADY_REVIEWED");
      expect((await review(rejected, "rejected")).body.data).toEqual({
        success: true,
        message: `Message with ID ${rejected} has been rejected.`,
      });
      expectError(await review(rejected, "approved"), 409, "ERR_MESSAGE_ALREADY_REVIEWED");
      expectError(await review("999999999", "approved"), 404, "ERR_MESSAGE_ID_NOT_FOUND");
      expectBadField(await review(approved, "disapproved"), "status");

      const messages = idsOf(await direct());
      expect(messages).toContain(approved);
      expect(messages).not.toContain(rejected);
      expect((await chatCall(server, "GET", `/messages/${approved}`)).body.data).toMatchObject({
        id: approved,
        data: { text: "ass again" },
      });
      const after = await conversation();
      expect(after.lastMessage.id).toBe(approved);
      expect(Number(after.unreadMessageCount)).toBe(Number(before.unreadMessageCount) + 1);

      const pending = idsOf((await blocked()).map((entry) => entry.message));
      expect(pending).not.toContain(approved);
      expect(pending).not.toContain(rejected);
      const reviewed = (await get("/moderation/reviewed-messages?limit=1000")).data as any[];
      expect(reviewed.find((entry) => entry.message.id === approved)).toMatchObject({
        status: "approved",
        reviewedAt: expect.any(Number),
        ruleId: "eval-words",
        message: { data: { moderation: { status: "approved" } } },
      });
      expect(reviewed.find((entry) => entry.message.id === rejected)).toMatchObject({ status: "rejected" });
    });

    it("records the revision in force, and lets everything through once the rule is disabled", async () => {
      await put("/moderation/rules/eval-words", { name: "Eval words, renamed" });
      const id = (await sendTo(sender, "user", receiver, "free crypto, second")).body.data.id;
      const item = (await blocked()).find((entry) => entry.message.id === id);
      expect(item).toMatchObject({
        ruleName: "Eval words, renamed",
        revisionId: expect.stringMatching(/_eval-words_2$/),
      });
      await put("/moderation/rules/eval-words", { enabled: false });
      const through = await sendTo(sender, "user", receiver, "free crypto, third");
      expect(through.body.data.data.moderation).toBeUndefined();
      expect(idsOf(await direct())).toContain(through.body.data.id);
    });

    it("applies a new-account filter and a group filter", async () => {
      await rule("new-accounts", [textCondition(["hello-newbie"])], {
        filters: [{ entity: "user", operand: "createdAt", operator: "greaterThan", value: -86400, type: "sender" }],
      });
      await rule("one-group", [textCondition(["group-only-word"])], {
        filters: [
          { entity: "group", operand: "guid", operator: "equals", value: "cometchat-guid-1", type: "receiver" },
        ],
      });
      const made = await chatCall(server, "POST", "/embedded/users", { body: { prefix: "engine-new", count: 1 } });
      expect(made.status).toBe(200);
      const newUid = "engine-new-0";
      expect((await sendTo(newUid, "user", receiver, "hello-newbie")).body.data.data.moderation).toEqual({
        status: "pending",
      });
      expect((await sendTo(sender, "user", receiver, "hello-newbie")).body.data.data.moderation).toBeUndefined();
      expect((await sendTo(sender, "group", "cometchat-guid-1", "group-only-word")).body.data.data.moderation).toEqual({
        status: "pending",
      });
      expect((await sendTo(sender, "user", receiver, "group-only-word")).body.data.data.moderation).toBeUndefined();
    });

    it("drops a message a dropMessage rule matches, leaving no trace", async () => {
      await rule("dropper", [textCondition(["drop-this-word"])], { action: ["dropMessage"] });
      const before = await conversation();
      const dropped = await sendTo(sender, "user", receiver, "please drop-this-word");
      expect(dropped.status).toBe(200);
      expect(dropped.body.data.data.moderation).toEqual({ status: "dropped" });
      const id = dropped.body.data.id as string;
      expectError(await chatCall(server, "GET", `/messages/${id}`), 404, "ERR_MESSAGE_ID_NOT_FOUND");
      expect(idsOf(await direct())).not.toContain(id);
      expect(idsOf((await blocked()).map((entry) => entry.message))).not.toContain(id);
      const reviewed = (await get("/moderation/reviewed-messages?limit=1000")).data as any[];
      expect(reviewed.map((entry) => entry.message.id)).not.toContain(id);
      expectError(await review(id, "approved"), 404, "ERR_MESSAGE_ID_NOT_FOUND");
      const after = await conversation();
      expect(after.lastMessage?.id).toBe(before.lastMessage?.id);
      expect(after.unreadMessageCount).toBe(before.unreadMessageCount);
    });
  });
});
