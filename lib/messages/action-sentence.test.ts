import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@/lib/chat-api/schemas";
import { describeAction, entityLabel } from "./action-sentence";

const admin = { entityType: "user", entity: { uid: "admin-1", name: "Admin" } } as const;
const alice = { entityType: "user", entity: { uid: "alice", name: "Alice" } } as const;
const hiking = { entityType: "group", entity: { guid: "hiking", name: "Hiking Group" } } as const;

function actionMessage(data: Record<string, unknown>): ChatMessage {
  return { id: "1", category: "action", type: "groupMember", data } as ChatMessage;
}

function sentenceOf(action: string, entities: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return describeAction(actionMessage({ action, entities, ...extra }));
}

describe("describeAction", () => {
  it.each([
    ["joined", { by: alice, on: alice, for: hiking }, "Alice joined Hiking Group"],
    ["added", { by: admin, on: alice, for: hiking }, "Admin added Alice to Hiking Group"],
    ["kicked", { by: admin, on: alice, for: hiking }, "Admin kicked Alice from Hiking Group"],
    ["banned", { by: admin, on: alice, for: hiking }, "Admin banned Alice from Hiking Group"],
    ["unbanned", { by: admin, on: alice, for: hiking }, "Admin unbanned Alice in Hiking Group"],
    ["left", { by: alice, on: alice, for: hiking }, "Alice left Hiking Group"],
    ["muted", { by: admin, on: alice, for: hiking }, "Admin muted Alice in Hiking Group"],
  ])("describes %s", (action, entities, sentence) => {
    expect(sentenceOf(action, entities)).toBe(sentence);
  });

  it("describes a change of scope, with the new scope as scope or newScope", () => {
    const entities = { by: admin, on: alice, for: hiking };
    const sentence = "Admin changed Alice's scope from participant to moderator in Hiking Group";
    expect(sentenceOf("scopeChanged", entities, { scope: "moderator", oldScope: "participant" })).toBe(sentence);
    expect(sentenceOf("scopeChanged", entities, { newScope: "moderator", oldScope: "participant" })).toBe(sentence);
    expect(sentenceOf("scopeChanged", entities)).toBe("Admin changed Alice's scope in Hiking Group");
    expect(sentenceOf("scopeChanged", entities, { scope: "admin" })).toBe(
      "Admin changed Alice's scope to admin in Hiking Group",
    );
  });

  it("falls back to the UID or GUID when a name is missing or empty", () => {
    const entities = {
      by: { entityType: "user", entity: { uid: "admin-1" } },
      on: { entityType: "user", entity: { uid: "alice", name: "" } },
      for: { entityType: "group", entity: { guid: "hiking" } },
    };
    expect(sentenceOf("kicked", entities)).toBe("admin-1 kicked alice from hiking");
  });

  it("still gives a sentence when entities are missing", () => {
    expect(sentenceOf("kicked", { by: admin, on: alice })).toBe("Admin kicked Alice");
    expect(sentenceOf("added", { on: alice, for: hiking })).toBe("Someone added Alice to Hiking Group");
    expect(sentenceOf("banned", { by: admin, for: hiking })).toBe("Admin banned someone from Hiking Group");
    expect(sentenceOf("joined", { on: alice, for: hiking })).toBe("Alice joined Hiking Group");
    expect(sentenceOf("left", {})).toBe("Someone left");
    expect(sentenceOf("muted", { by: admin })).toBe("Admin muted");
    expect(describeAction(actionMessage({ action: "unbanned" }))).toBe("Someone unbanned someone");
  });

  it("survives entities of an unexpected shape", () => {
    const entities = { by: "admin-1", on: { entityType: "user" }, for: { entityType: "group", entity: [] } };
    expect(sentenceOf("kicked", entities)).toBe("Someone kicked someone");
    expect(describeAction(actionMessage({ action: "kicked", entities: "nope" }))).toBe("Someone kicked someone");
  });

  it("gives nothing for a message that is not an action", () => {
    expect(describeAction({ id: "1", category: "message", type: "text", data: { text: "hi" } })).toBeUndefined();
    expect(describeAction({ id: "1", category: "action" })).toBeUndefined();
    expect(describeAction(actionMessage({ action: "" }))).toBeUndefined();
    expect(describeAction(actionMessage({ action: 7 }))).toBeUndefined();
  });
});

describe("entityLabel", () => {
  it("reads a wrapped or a bare entity", () => {
    expect(entityLabel(alice)).toBe("Alice");
    expect(entityLabel({ guid: "hiking" })).toBe("hiking");
    expect(entityLabel(undefined)).toBeUndefined();
    expect(entityLabel({ entity: { name: 3 } })).toBeUndefined();
  });
});
