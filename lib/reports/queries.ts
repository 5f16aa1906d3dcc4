import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { qualified } from "@/lib/db/qualified";
import { blockJobs, reports } from "@/lib/db/schema";
import type { ReportsQuery } from "@/lib/url-state";

/** The queue's reads, all in SQL on the console's index: a page, the counts, the filters' choices, one report. */

export const REPORTS_PER_PAGE = 25;
/** The list shows the start of each message; the report's page shows all of it. */
const LIST_TEXT_CHARS = 280;

const QUEUE = ["open", "deciding", "unknown"] as const;
const HISTORY = ["decided", "gone"] as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function filters(query: ReportsQuery): SQL[] {
  const where: SQL[] = [inArray(reports.status, query.view === "decided" ? [...HISTORY] : [...QUEUE])];
  if (query.reason) where.push(sql`${reports.reasonIds} @> array[${query.reason}]::text[]`);
  if (query.group) where.push(and(eq(reports.receiverType, "group"), eq(reports.receiverId, query.group))!);
  if (query.sender) where.push(eq(reports.senderUid, query.sender));
  if (query.newAccounts) where.push(sql`${reports.senderCreatedAt} > now() - interval '24 hours'`);
  if (query.text) where.push(ilike(reports.text, `%${escapeLike(query.text)}%`));
  return where;
}

const listColumns = {
  messageId: reports.messageId,
  senderUid: reports.senderUid,
  senderName: reports.senderName,
  senderCreatedAt: reports.senderCreatedAt,
  receiverType: reports.receiverType,
  receiverId: reports.receiverId,
  receiverName: reports.receiverName,
  text: sql<string>`left(${reports.text}, ${LIST_TEXT_CHARS})`,
  textLength: sql<number>`length(${reports.text})`,
  reportCount: reports.reportCount,
  reasonIds: reports.reasonIds,
  lastFlaggedAt: reports.lastFlaggedAt,
  sentAt: reports.sentAt,
  status: reports.status,
  decision: reports.decision,
  decidedByName: reports.decidedByName,
  decidedAt: reports.decidedAt,
  claimedById: reports.claimedById,
  claimedByName: sql<string | null>`case when ${reports.claimExpiresAt} > now() then ${reports.claimedByName} end`,
  /** The job deciding it, while one does: "Being decided by job …". */
  decidingJobId: sql<string | null>`case when ${reports.status} = 'deciding' then (
    select ${blockJobs.id} from ${blockJobs}
    where ${blockJobs.operationId} = ${qualified(reports.decisionOperationId)} and ${blockJobs.kind} = 'report_decision'
    limit 1) end`,
  total: sql<number>`count(*) over ()`,
};

export type ReportListRow = Awaited<ReturnType<typeof reportsPage>>["rows"][number];

/** One page of the queue (or of the decided reports), filtered and sorted in SQL, with the total. */
export async function reportsPage(db: Database, query: ReportsQuery) {
  const order =
    query.sort === "newest"
      ? [desc(reports.lastFlaggedAt), desc(reports.messageId)]
      : [desc(reports.reportCount), desc(reports.lastFlaggedAt), desc(reports.messageId)];
  const rows = await db
    .select(listColumns)
    .from(reports)
    .where(and(...filters(query)))
    .orderBy(...order)
    .limit(REPORTS_PER_PAGE)
    .offset((query.page - 1) * REPORTS_PER_PAGE);
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countWhere(db, query);
  return { rows, total };
}

async function countWhere(db: Database, query: ReportsQuery): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(...filters(query)));
  return Number(row?.count ?? 0);
}

/** The navigation's badge: reports waiting for a decision. */
export async function openReportCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.status, "open"));
  return Number(row?.count ?? 0);
}

/** The filters' choices: the reasons and the groups of the reports in the queue. */
export async function reportFilterChoices(db: Database) {
  const reasons = await db.execute(sql`
    select distinct r->>'reasonId' as id, r->>'reasonName' as name
    from ${reports}, jsonb_array_elements(${reports.reporters}) as r
    where ${reports.status} in ('open', 'deciding', 'unknown') and r->>'reasonId' <> ''
    order by 1`);
  const groups = await db
    .selectDistinct({ guid: reports.receiverId, name: reports.receiverName })
    .from(reports)
    .where(and(eq(reports.receiverType, "group"), inArray(reports.status, [...QUEUE])))
    .orderBy(asc(reports.receiverName), asc(reports.receiverId));
  return { reasons: (reasons as unknown as { rows: Array<{ id: string; name: string }> }).rows, groups };
}

export type ReportFilterChoices = Awaited<ReturnType<typeof reportFilterChoices>>;

export async function reportById(db: Database, messageId: string) {
  const [row] = await db.select().from(reports).where(eq(reports.messageId, messageId));
  return row;
}

/** The other open reports of the same sender: what "every open report of this sender" would decide. */
export async function openReportsOfSender(db: Database, senderUid: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.senderUid, senderUid), eq(reports.status, "open")));
  return Number(row?.count ?? 0);
}
