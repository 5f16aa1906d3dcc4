import { afterEach, describe, expect, it } from "vitest";
import {
  forgetLastMessages,
  knownLastMessage,
  LAST_MESSAGES_KEPT,
  rememberLastMessage,
  type LastMessage,
} from "./known-last-messages";

const none: LastMessage = { message: null, entities: { users: new Map(), groups: new Map() } };

describe("known last messages", () => {
  afterEach(forgetLastMessages);

  it("answers what was remembered, and nothing for a conversation never read", () => {
    rememberLastMessage("a_user_b", none);
    expect(knownLastMessage("a_user_b")).toBe(none);
    expect(knownLastMessage("a_user_c")).toBeUndefined();
  });

  it("lets the oldest go once full, keeping the newest", () => {
    for (let i = 0; i <= LAST_MESSAGES_KEPT; i++) rememberLastMessage(`conversation-${i}`, none);
    expect(knownLastMessage("conversation-0")).toBeUndefined();
    expect(knownLastMessage("conversation-1")).toBe(none);
    expect(knownLastMessage(`conversation-${LAST_MESSAGES_KEPT}`)).toBe(none);
  });

  it("forgets everything when the service starts on another database", () => {
    rememberLastMessage("a_user_b", none);
    forgetLastMessages();
    expect(knownLastMessage("a_user_b")).toBeUndefined();
  });
});
