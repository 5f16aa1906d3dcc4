import type { BlockJob } from "@/lib/incidents/jobs";
import type { ApprovalRow } from "@/lib/approvals/requests";
import { hrefOf } from "@/lib/url-state";

/**
 * The GET routes the browser reads live data from (app/api/…), and the members of their answers that
 * are times: JSON carries a time as a string, `readJson` gives it back as a Date.
 */
type DateMembers<T> = { [K in keyof T]-?: NonNullable<T[K]> extends Date ? K : never }[keyof T];

const JOB_DATES = [
  "pauseUntil",
  "createdAt",
  "updatedAt",
  "finishedAt",
  "approvalExpiresAt",
  "decidedAt",
  "expiryLogLeaseUntil",
  "expiryLoggedAt",
] as const satisfies ReadonlyArray<DateMembers<BlockJob>>;
const APPROVAL_DATES = ["requestedAt", "expiresAt", "decidedAt"] as const satisfies ReadonlyArray<
  DateMembers<ApprovalRow>
>;
// The compiler refuses these lines once a job or a row has a time the lists above leave out.
type Missing<T, Listed> = Exclude<DateMembers<T>, Listed>;
const complete: [never, never] = [] as unknown as [
  Missing<BlockJob, (typeof JOB_DATES)[number]>,
  Missing<ApprovalRow, (typeof APPROVAL_DATES)[number]>,
];
void complete;

export const jobProgressRead = (jobId: string) => ({
  url: `/api/incidents/${encodeURIComponent(jobId)}/progress`,
  dates: JOB_DATES,
});

export const approvalRequestsRead = { url: "/api/approvals", dates: APPROVAL_DATES };

export const conversationRead = (key: { onBehalfOf: string; kind: "user" | "group"; peer: string }) => ({
  url: hrefOf("/api/conversation", key),
  dates: [] as const,
});

/** A search for a raid's senders: its progress and a page of its senders at a filter. */
export const raidSearchRead = (searchId: string, filter: string, page: number) => ({
  url: hrefOf(`/api/raid-searches/${encodeURIComponent(searchId)}`, { filter, page: String(page) }),
  dates: ["createdAt", "finishedAt"] as const,
});

/** Every sender's UID a search's filter matches: "Select all". */
export const raidSearchUidsRead = (searchId: string, filter: string) => ({
  url: hrefOf(`/api/raid-searches/${encodeURIComponent(searchId)}/uids`, { filter }),
  dates: [] as const,
});

/** The reports waiting for a decision, for the navigation's badge. */
export const openReportsRead = { url: "/api/reports/open-count", dates: [] as const };

export const raidAlertsRead = { url: "/api/raid-alerts" };
