import { sql } from "drizzle-orm";
import { latestRateLimit } from "@/lib/chat-api";
import type { Database } from "@/lib/db/client";
import { incidentRateSlots } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { allowedPerMinute } from "./pace";

/**
 * The jobs' share of the chat service's budget, kept by every console process together through
 * the database: a call takes a place in the current second of the database's clock, or waits for
 * the next. Operators' own calls never come here: they are never queued behind a job, and the
 * reserve the pace keeps is what leaves them room.
 */

/** The limit in use: the one the service announced last, else the configured hint. */
export function rateLimitInUse(): number {
  return latestRateLimit()?.limit ?? getEnv().incident.rateLimitHint;
}

const jobsAllowedPerMinute = () => allowedPerMinute(rateLimitInUse(), getEnv().incident.rateShare);

/** Seconds before the current one whose unused places it may still take. */
const CATCH_UP_SECONDS = 2;
const KEEP_SECONDS = 300;
const SWEEP_EVERY_MS = 30_000;
let lastSweep = 0;

type Taken = { granted: number; slot: number; at: number };

/**
 * One call's place in the shared budget: undefined when taken, else the milliseconds until the
 * next second, when there may be room again. At r a second, seconds s−2 to s together hold
 * floor((s+1)·r) − floor((s−2)·r) calls: any stretch of seconds holds its share (600 a minute: 10
 * a second; 30: one every other second), and a second may use what the two before it left, so that
 * a job's start or a slow answer costs no share. Processes that agree on the limit agree on every
 * cap; the current second's row lock makes their counts add up.
 */
export async function takeCallPlace(db: Database): Promise<number | undefined> {
  const perMinute = jobsAllowedPerMinute();
  const perSecond = perMinute / 60;
  const { rows } = (await db.execute(sql`
    with clock as (
      select floor(extract(epoch from clock_timestamp()))::bigint as slot, extract(epoch from clock_timestamp())::float8 as at
    ),
    capped as (
      select slot, at,
        (floor((slot + 1) * ${perSecond}::float8 + 1e-9) - floor((slot - ${CATCH_UP_SECONDS}) * ${perSecond}::float8 + 1e-9)
          - (select coalesce(sum(calls), 0) from ${incidentRateSlots} as earlier
             where earlier.slot >= clock.slot - ${CATCH_UP_SECONDS} and earlier.slot < clock.slot))::int as cap
      from clock
    ),
    taken as (
      insert into ${incidentRateSlots} (slot, calls, cap, allowed_per_minute)
      select slot, 1, cap, ${perMinute} from capped where cap >= 1
      on conflict (slot) do update set calls = ${incidentRateSlots}.calls + 1
      where ${incidentRateSlots}.calls < excluded.cap
      returning calls
    )
    select (select count(*) from taken)::int as granted, slot::float8 as slot, at from capped`)) as unknown as {
    rows: Taken[];
  };
  const row = rows[0]!;
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await db.execute(sql`delete from ${incidentRateSlots} where slot < ${row.slot - KEEP_SECONDS}`);
  }
  if (Number(row.granted) > 0) return undefined;
  // A little spread, so that the processes waiting do not all ask again at the same instant.
  return Math.max(1, Math.ceil((Number(row.slot) + 1 - Number(row.at)) * 1000)) + Math.floor(Math.random() * 15);
}

export type RateBudgetUse = {
  /** Calls the jobs of all processes sent over the last minute. */
  callsLastMinute: number;
  /** Their share a minute. */
  allowedPerMinute: number;
};

export async function rateBudgetUse(db: Database): Promise<RateBudgetUse> {
  const { rows } = (await db.execute(sql`
    select coalesce(sum(calls), 0)::int as calls,
      (select allowed_per_minute from ${incidentRateSlots} order by slot desc limit 1) as allowed
    from ${incidentRateSlots}
    where slot > floor(extract(epoch from clock_timestamp())) - 60`)) as unknown as {
    rows: Array<{ calls: number; allowed: number | null }>;
  };
  const row = rows[0];
  return {
    callsLastMinute: Number(row?.calls ?? 0),
    allowedPerMinute: row?.allowed == null ? jobsAllowedPerMinute() : Number(row.allowed),
  };
}
