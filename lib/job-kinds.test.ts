import { describe, expect, it, vi } from "vitest";
import { ChatApiError, type ChatApiClient } from "@/lib/chat-api";
import { jobKindOf } from "@/lib/incidents/job-kind";
import { messageItem } from "@/lib/incidents/job-kinds";
import type { BlockJob } from "@/lib/incidents/jobs";
import "./job-kinds";

const job = (kind: BlockJob["kind"], changes: Partial<BlockJob> = {}) =>
  ({ id: "job", kind, groupGuid: "cometchat-guid-1", blockerUid: null, ...changes }) as BlockJob;
const answer = <T>(data: T) => ({ data, raw: data, status: 200, attempts: 1, durationMs: 1 });
const refusal = (code: string) =>
  new ChatApiError({
    kind: code === "ERR_UID_NOT_FOUND" ? "not_found" : "bad_request",
    code,
    request: "x",
    attempts: 1,
    durationMs: 1,
    status: 400,
  });

const callKind = (client: ChatApiClient, job: BlockJob, items: string[]) =>
  jobKindOf(job.kind).send(client, job, items);
const reconcileKind = (client: ChatApiClient, job: BlockJob, items: string[]) =>
  jobKindOf(job.kind).reconcile(client, job, items);

describe("the calls of the job kinds beyond blocking, as lib/job-kinds.ts registers them", () => {
  it("reads a deactivation's answer: a UID it does not name does not exist", async () => {
    const client = {
      deactivateUsers: vi.fn(async () => answer({ deactivatedUids: ["a"] })),
    } as unknown as ChatApiClient;
    const { outcomes } = await callKind(client, job("deactivate"), ["a", "ghost"]);
    expect(outcomes).toEqual({
      a: { outcome: "deactivated", message: "" },
      ghost: { outcome: "not_found", message: "The chat service has no user with this UID." },
    });
  });

  it("takes a refusal about the UID alone as its outcome, and throws one about the call", async () => {
    const ban = vi.fn(async (_guid: string, uid: string) => {
      if (uid === "banned") throw refusal("ERR_ALREADY_BANNED");
      if (uid === "ghost") throw refusal("ERR_UID_NOT_FOUND");
      if (uid === "broken")
        throw new ChatApiError({ kind: "unavailable", request: "x", attempts: 1, durationMs: 1, status: 503 });
      return answer({ success: true, message: "banned" });
    });
    const client = { banGroupMember: ban } as unknown as ChatApiClient;
    expect((await callKind(client, job("ban"), ["raider"])).outcomes.raider!.outcome).toBe("banned");
    expect((await callKind(client, job("ban"), ["banned"])).outcomes.banned!.outcome).toBe("already_banned");
    expect((await callKind(client, job("ban"), ["ghost"])).outcomes.ghost!.outcome).toBe("not_found");
    await expect(callKind(client, job("ban"), ["broken"])).rejects.toBeInstanceOf(ChatApiError);
  });

  it("deletes the message an item names, and after a cut-off call takes a deleted message as done", async () => {
    const deleteMessage = vi.fn(async () => answer({ id: "42" }));
    const getMessage = vi.fn(async (id: string) => answer(id === "42" ? { id, deletedAt: 5 } : { id }));
    const client = { deleteMessage, getMessage } as unknown as ChatApiClient;
    const items = [messageItem("42", "raider"), messageItem("43", "raider")];
    expect((await callKind(client, job("delete_messages"), [items[0]!])).outcomes[items[0]!]!.outcome).toBe("deleted");
    expect(deleteMessage).toHaveBeenCalledWith("42", { permanent: false });
    const { settled, toSend } = await reconcileKind(client, job("delete_messages"), items);
    expect(Object.keys(settled)).toEqual([items[0]]);
    expect(toSend).toEqual([items[1]]);
  });
});
