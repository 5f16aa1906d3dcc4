import { describe, expect, it } from "vitest";
import { conversationRows } from "./conversation-rows";

describe("conversationRows", () => {
  it("reduces user and group records to rows, keeping unknown tags unknown", () => {
    const rows = conversationRows(
      [
        {
          conversationId: "cometchat-uid-1_user_cometchat-uid-2",
          conversationType: "user",
          unreadMessageCount: "3",
          updatedAt: 1_700_000_000,
          tags: ["sent"],
          conversationWith: { uid: "cometchat-uid-1", name: "Andrew Joseph" },
          lastMessage: {
            id: "1",
            type: "text",
            sender: "cometchat-uid-1",
            sentAt: 1_700_000_000,
            data: { text: "Hi" },
          },
        },
        {
          conversationId: "group_cometchat-guid-1",
          conversationType: "group",
          conversationWith: { guid: "cometchat-guid-1", name: "Comic Heroes" },
        },
      ],
      "cometchat-uid-2",
    );
    expect(rows).toEqual([
      {
        conversationId: "cometchat-uid-1_user_cometchat-uid-2",
        peer: { kind: "user", id: "cometchat-uid-1", name: "Andrew Joseph" },
        lastMessage: { preview: "Hi", sentAt: 1_700_000_000, sender: "cometchat-uid-1" },
        unread: 3,
        tags: ["sent"],
        updatedAt: 1_700_000_000,
      },
      {
        conversationId: "group_cometchat-guid-1",
        peer: { kind: "group", id: "cometchat-guid-1", name: "Comic Heroes" },
        lastMessage: null,
        unread: 0,
        tags: null,
        updatedAt: null,
      },
    ]);
  });

  it("reads the other side from the conversation id when the record does not name it, and cuts long previews", () => {
    const [row] = conversationRows(
      [
        {
          conversationId: "alice_user_bob",
          conversationType: "user",
          lastMessage: { id: "2", type: "text", data: { text: "x".repeat(200) } },
        },
      ],
      "bob",
    );
    expect(row?.peer).toEqual({ kind: "user", id: "alice", name: null });
    expect(row?.lastMessage?.preview).toHaveLength(81);
  });
});
