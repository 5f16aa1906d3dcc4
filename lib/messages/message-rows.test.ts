import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@/lib/chat-api/schemas";
import { firstWords, messageRow } from "./message-rows";

const sender = { entityType: "user", entity: { uid: "crypto-gains-155", name: "Crypto Gains 155" } };

describe("messageRow", () => {
  it("reads a text message: sender with name, time, text, no attachments, not deleted", () => {
    const row = messageRow(
      {
        id: "42",
        conversationId: "amara-okafor_user_crypto-gains-155",
        sender: "crypto-gains-155",
        category: "message",
        type: "text",
        data: { text: "FREE 500 USDT", entities: { sender } },
        sentAt: 1790000000,
      },
      2,
    );
    expect(row).toEqual({
      id: "42",
      conversationId: "amara-okafor_user_crypto-gains-155",
      sender: { uid: "crypto-gains-155", name: "Crypto Gains 155" },
      sentAt: 1790000000,
      text: "FREE 500 USDT",
      isAction: false,
      attachments: [],
      deleted: null,
      reportCount: 2,
    });
  });

  it("names attachments, never their addresses, and says a message is deleted and by whom", () => {
    const row = messageRow(
      {
        id: "7",
        sender: "kevin-price",
        type: "file",
        data: { attachments: [{ name: "invoice.pdf", url: "https://files.example/x" }, { mimeType: "image/png" }] },
        deletedAt: 1790000100,
        deletedBy: "app_system",
      } as ChatMessage,
      null,
    );
    expect(row.attachments).toEqual(["invoice.pdf", "Attachment 2 (image/png)"]);
    expect(row.deleted).toEqual({ at: 1790000100, by: "app_system" });
    expect(row.text).toBeNull();
    expect(row.reportCount).toBeNull();
  });

  it("gives an action message its sentence, and survives a record of the wrong shape", () => {
    const joined = messageRow(
      {
        id: "9",
        sender: "user_0c03bc1c",
        category: "action",
        data: {
          action: "joined",
          entities: { by: sender, for: { entityType: "group", entity: { guid: "g", name: "Hiking Group" } } },
        },
      },
      0,
    );
    expect(joined).toMatchObject({ isAction: true, text: "Crypto Gains 155 joined Hiking Group" });
    expect(messageRow({ id: "1", data: "nonsense", sentAt: "soon" } as unknown as ChatMessage, 0)).toMatchObject({
      sender: null,
      text: null,
      sentAt: null,
    });
  });
});

describe("firstWords", () => {
  it("names a message by its first words, cut with an ellipsis", () => {
    expect(firstWords({ text: "🎁 FREE 500 USDT for the first 100 people! Claim now", attachments: [] })).toBe(
      "🎁 FREE 500 USDT for the first 100…",
    );
    expect(firstWords({ text: "hi there", attachments: [] })).toBe("hi there");
    expect(firstWords({ text: null, attachments: ["a.png"] })).toBe("(a.png)");
    expect(firstWords({ text: "x".repeat(100), attachments: [] })).toBe(`${"x".repeat(60)}…`);
  });
});
