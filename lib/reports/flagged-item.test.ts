import { describe, expect, it } from "vitest";
import { indexedReportOf } from "./flagged-item";

const readAt = new Date("2026-11-26T09:00:00Z");

const item = {
  id: "1545",
  conversationId: "group_cometchat-guid-1",
  sender: "ashleywilson7608",
  receiverType: "group",
  receiver: "cometchat-guid-1",
  data: {
    text: "@Amara Okafor nobody wants you here",
    entities: {
      sender: { entityType: "user", entity: { uid: "ashleywilson7608", name: "Ashley Wilson", createdAt: 1795673085 } },
      receiver: { entityType: "group", entity: { guid: "cometchat-guid-1", name: "Hiking Group" } },
    },
  },
  sentAt: 1795680000,
  flaggedBy: [
    {
      uid: "amara-okafor",
      name: "Amara Okafor",
      reasonId: "harassment",
      reasonName: "Harassment",
      remark: "Again",
      flaggedAt: 1795680100,
    },
    { uid: "kwame-mensah", name: "Kwame Mensah", reasonId: "spam", reasonName: "Spam", flaggedAt: 1795680200 },
    { name: "no uid: left out" },
  ],
  flaggedCount: 3,
};

describe("indexedReportOf", () => {
  it("reads the message, its sender's account age, where it was sent and each reporter", () => {
    expect(indexedReportOf(item, readAt)).toMatchObject({
      messageId: "1545",
      senderUid: "ashleywilson7608",
      senderName: "Ashley Wilson",
      senderCreatedAt: new Date(1795673085 * 1000),
      receiverType: "group",
      receiverId: "cometchat-guid-1",
      receiverName: "Hiking Group",
      text: "@Amara Okafor nobody wants you here",
      reasonIds: ["harassment", "spam"],
      reportCount: 2,
      lastFlaggedAt: new Date(1795680200 * 1000),
      reporters: [
        { uid: "amara-okafor", reasonId: "harassment", remark: "Again", flaggedAt: 1795680100 },
        { uid: "kwame-mensah", reasonId: "spam", remark: "", flaggedAt: 1795680200 },
      ],
    });
  });

  it("skips an item it cannot index, and tolerates missing or odd fields", () => {
    expect(indexedReportOf({ sender: "x" }, readAt)).toBeUndefined();
    expect(indexedReportOf("not an object", readAt)).toBeUndefined();
    expect(
      indexedReportOf(
        { id: 7, sender: "kevin-price", receiver: "amara-okafor", data: { text: 42 }, flaggedBy: "?" },
        readAt,
      ),
    ).toMatchObject({
      messageId: "7",
      receiverType: "user",
      receiverName: "amara-okafor",
      senderName: "kevin-price",
      senderCreatedAt: null,
      text: "",
      reportCount: 0,
      lastFlaggedAt: readAt,
    });
  });
});
