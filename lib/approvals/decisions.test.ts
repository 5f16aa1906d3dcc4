import { describe, expect, it } from "vitest";
import { refusalOf, withdrawalRefusalOf } from "./decisions";
import type { BlockJob } from "@/lib/incidents/jobs";

const requester = { id: "00000000-0000-4000-8000-000000000001", email: "mia@example.com", role: "moderator" };
const approver = { id: "00000000-0000-4000-8000-000000000002", email: "ada@example.com", role: "admin" };
const inAnHour = new Date(Date.now() + 3_600_000);

const job = (changes: Partial<BlockJob>) =>
  ({
    status: "awaiting_approval",
    approvalExpiresAt: inAnHour,
    createdById: requester.id,
    createdByEmail: requester.email,
    decidedByEmail: null,
    ...changes,
  }) as BlockJob;

describe("why an approval changed nothing", () => {
  it("names the requester's own request, and each way a request ends", () => {
    expect(refusalOf(job({}), requester, "approved")).toMatch(/^You requested this job/);
    expect(refusalOf(job({ status: "rejected", decidedByEmail: approver.email }), approver, "approved")).toBe(
      "This request was rejected by ada@example.com: it can no longer be approved.",
    );
    expect(refusalOf(job({ status: "withdrawn", decidedByEmail: requester.email }), approver, "approved")).toMatch(
      /withdrawn by its requester, mia@example\.com: it can no longer be approved/,
    );
    expect(refusalOf(job({ status: "running", decidedByEmail: approver.email }), approver, "approved")).toMatch(
      /already approved by ada@example\.com: the job has started/,
    );
    expect(refusalOf(job({ approvalExpiresAt: null, status: "running" }), approver, "approved")).toMatch(
      /needs no approval/,
    );
  });

  it("says a request past its time expired, even before the sweep marked it", () => {
    const past = new Date(Date.now() - 1000);
    expect(refusalOf(job({ approvalExpiresAt: past }), approver, "approved")).toMatch(
      /^This request expired at .*: it can no longer be approved/,
    );
    expect(refusalOf(job({ approvalExpiresAt: past, status: "expired" }), approver, "rejected")).toMatch(
      /expired at .*: it can no longer be rejected/,
    );
  });

  it("lets only the requester withdraw", () => {
    expect(withdrawalRefusalOf(job({}), approver)).toBe(
      "Only the requester, mia@example.com, can withdraw this request.",
    );
    expect(withdrawalRefusalOf(job({ status: "rejected", decidedByEmail: approver.email }), requester)).toMatch(
      /rejected by ada@example\.com: it can no longer be withdrawn/,
    );
  });
});
