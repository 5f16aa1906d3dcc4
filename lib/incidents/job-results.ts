import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { blockJobChunks } from "@/lib/db/schema";
import { UID_OUTCOME_ORDER } from "@/lib/outcomes";
import type { JobResult } from "./jobs";

const RESULTS_PER_PAGE = 100;

/** One page of a job's results, as its page shows them; read from the database, whatever the job's size. */
export type JobResultsPage = {
  total: number;
  /** Each outcome that occurs, with how many UIDs have it: known ones first, in a fixed order. */
  counts: Array<{ outcome: string; count: number }>;
  outcome: string | null;
  page: number;
  pages: number;
  perPage: number;
  rows: JobResult[];
};

const ORDER: readonly string[] = UID_OUTCOME_ORDER;
const rank = (outcome: string) => (ORDER.includes(outcome) ? ORDER.indexOf(outcome) : ORDER.length);

/** Known outcomes in their fixed order, any other after them by name. */
export function orderedCounts(counts: Array<{ outcome: string; count: number }>) {
  return [...counts].sort((a, b) => rank(a.outcome) - rank(b.outcome) || a.outcome.localeCompare(b.outcome));
}

/**
 * Every UID of the job with its outcome so far, in the order the job was given them (chunk, then
 * place in the chunk): a UID with no outcome yet is in flight or pending, as its chunk is.
 */
const results = (jobId: string) => sql`
  select entry.uid, coalesce(chunk.outcomes -> entry.uid ->> 'outcome',
      case when chunk.status = 'in_flight' then 'in_flight' else 'pending' end) as outcome,
    coalesce(chunk.outcomes -> entry.uid ->> 'message', '') as message,
    chunk.chunk_index, entry.place
  from ${blockJobChunks} as chunk
    cross join lateral jsonb_array_elements_text(chunk.uids) with ordinality as entry(uid, place)
  where chunk.job_id = ${jobId} and chunk.status in ('pending', 'in_flight', 'done')`;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Each outcome of the job's UIDs with how many have it, counted in the database. */
async function outcomeCounts(db: Database, jobId: string) {
  const rows = await rowsOf<{ outcome: string; count: number }>(
    db,
    sql`select outcome, count(*)::int as count from (${results(jobId)}) as result group by outcome`,
  );
  return orderedCounts(rows.map((row) => ({ outcome: row.outcome, count: Number(row.count) })));
}

/** Results of the job in its order, those with `outcome` only (or all but `except`), from `offset` on. */
async function resultRows(
  db: Database,
  jobId: string,
  filter: { outcome?: string | null; except?: string[] },
  limit: number,
  offset = 0,
): Promise<JobResult[]> {
  const where = filter.outcome
    ? sql`where outcome = ${filter.outcome}`
    : filter.except
      ? sql`where outcome not in (${sql.join(
          filter.except.map((outcome) => sql`${outcome}`),
          sql`, `,
        )})`
      : sql``;
  return rowsOf<JobResult>(
    db,
    sql`select uid, outcome, message from (${results(jobId)}) as result ${where}
      order by chunk_index, place limit ${limit} offset ${offset}`,
  );
}

/**
 * One page of a job's results (`outcome` only, when given) and the counts of every outcome: two
 * queries, one page in memory, however many UIDs the job has. A page past the last shows the last.
 */
export async function jobResultsPage(
  db: Database,
  jobId: string,
  asked: { outcome: string | null; page: number },
): Promise<JobResultsPage> {
  const counts = await outcomeCounts(db, jobId);
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  const matching = asked.outcome ? (counts.find((entry) => entry.outcome === asked.outcome)?.count ?? 0) : total;
  const pages = Math.max(1, Math.ceil(matching / RESULTS_PER_PAGE));
  const page = Math.min(Math.max(asked.page, 1), pages);
  const rows =
    matching === 0
      ? []
      : await resultRows(db, jobId, { outcome: asked.outcome }, RESULTS_PER_PAGE, (page - 1) * RESULTS_PER_PAGE);
  return { total, counts, outcome: asked.outcome, page, pages, perPage: RESULTS_PER_PAGE, rows };
}

/** Outcomes recorded before anything is sent: UIDs already blocked, deactivated or banned. */
const NOT_SENT = ["already_blocked", "already_deactivated", "already_banned"];

/** The first UIDs the job sends (those already so are recorded, not sent): what an approver is shown. */
export async function firstUidsToSend(db: Database, jobId: string, limit: number): Promise<string[]> {
  return (await resultRows(db, jobId, { except: NOT_SENT }, limit)).map((row) => row.uid);
}
