import { describe, expect, it, vi } from "vitest";
import { ChatApiError, type ChatApiClient } from "@/lib/chat-api";
import { currentlyBlocked } from "./blocked-list";

/** A blocked list that says it has 500,000,000 pages, every one of them full. */
function endlessClient() {
  const listBlockedUsers = vi.fn(async (_uid: string, { page }: { page: number }) => ({
    data: {
      data: [{ uid: `u-${page}`, name: "x" }],
      meta: { pagination: { total: 5e8, count: 1, per_page: 1, current_page: page, total_pages: 500_000_000 } },
    },
    raw: null,
    status: 200,
    attempts: 1,
    durationMs: 0,
  }));
  return { client: { listBlockedUsers } as unknown as ChatApiClient, listBlockedUsers };
}

describe("currentlyBlocked", () => {
  it("does not believe a page count of 500,000,000: it stops after 50 pages with an error", async () => {
    const { client, listBlockedUsers } = endlessClient();
    await expect(currentlyBlocked(client, "blocker")).rejects.toBeInstanceOf(ChatApiError);
    expect(listBlockedUsers).toHaveBeenCalledTimes(50);
  });
});
