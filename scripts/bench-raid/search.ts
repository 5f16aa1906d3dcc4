import pg from "pg";
import { openSharedPglite } from "../../lib/db/pglite-shared";
import { startConsole, type ConsoleServer, type DatabaseKind } from "../../tests/support/console-server";
import { readOver } from "../../tests/support/console-session";
import { ADMIN, callAction, signIn, type Session } from "../bench-incident/session";

/**
 * The search's part of `npm run bench:raid`: 100,000 messages with a link, from 2,000 accounts, in
 * the last two hours of one group (written by bulk SQL while the console is stopped), then "Find
 * accounts" in that group, the last 2 hours, with links, timed from the moderator's request to the
 * end the search records, its progress read every 100 ms.
 */

export const MESSAGES = 100_000;
const SENDERS = 2_000;
const GROUP = "cometchat-guid-1";

/**
 * How often the search is read, as its page reads it (every second) but finer, to time its end: each
 * read is a page of senders, and reading ten a second (as this once did) took a tenth of the CPU the
 * search had.
 */
const POLL_MS = 250;
/** How many times the search runs. */
export const SEARCHES = 3;

export type SearchFigures = {
  /** Each run's time, in the order they ran. */
  runs: number[];
  /** The middle of `runs`. */
  seconds: number;
  scanned: number;
  matched: number;
  senders: number;
  calls: number;
  allowedPerMinute: number;
  insertSeconds: number;
};

function messagesSql(now: number): string {
  const from = now - 7000;
  const step = 6900 / MESSAGES;
  return `
    insert into chat_messages (conversation_id, sender, receiver_type, receiver, category, type, data, sent_at, updated_at)
      select 'group_${GROUP}', 'bench-raider-' || (g % ${SENDERS}), 'group', '${GROUP}', 'message', 'text',
             jsonb_build_object('text', 'FREE 500 USDT, claim now https://bench-drop.example/claim?ref=' || g),
             ${from} + floor(g * ${step})::bigint, ${from} + floor(g * ${step})::bigint
      from generate_series(1, ${MESSAGES}) g order by g;
    analyze;`;
}

/** Stops the console, writes the messages into its database, and starts it again. */
async function addMessages(server: ConsoleServer): Promise<number> {
  await server.terminate("SIGTERM");
  const started = performance.now();
  const sql = messagesSql(Math.floor(Date.now() / 1000));
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  } else {
    const { client, close } = await openSharedPglite(server.dataDir);
    await client.exec(sql).finally(close);
  }
  const seconds = (performance.now() - started) / 1000;
  await server.restart();
  return seconds;
}

type View = {
  search: { status: string; scanned: number; matched: number; calls: number; lastError: string | null };
  senders: { total: number };
  budget: { allowedPerMinute: number };
};

/** One "Find accounts", from the moderator's request to the end the search records. */
async function timedSearch(
  server: ConsoleServer,
  session: Session,
): Promise<Omit<SearchFigures, "runs" | "insertSeconds">> {
  const started = performance.now();
  const { searchId } = await callAction<{ searchId: string }>(server, session, "startRaidSearchAction", {
    where: "group",
    group: GROUP,
    hasLinks: true,
    window: "last_2_hours",
  });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const { body } = await readOver<View>(server, session, `/api/raid-searches/${searchId}`);
    if (!body.ok) throw new Error(`The search could not be read: ${body.message}`);
    const { search, senders, budget } = body.data;
    if (search.status === "failed") throw new Error(`The search failed: ${search.lastError}`);
    if (search.status !== "completed") continue;
    return {
      seconds: (performance.now() - started) / 1000,
      scanned: search.scanned,
      matched: search.matched,
      senders: senders.total,
      calls: search.calls,
      allowedPerMinute: budget.allowedPerMinute,
    };
  }
}

export async function searchRun(database: DatabaseKind): Promise<SearchFigures> {
  const server = await startConsole({
    database,
    env: { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password },
  });
  try {
    const created = await fetch(`${server.chatBaseUrl}/embedded/users`, {
      method: "POST",
      headers: { apikey: server.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ prefix: "bench-raider", count: SENDERS }),
    });
    if (created.status !== 200) throw new Error(`Could not create the users: ${created.status}`);
    const insertSeconds = await addMessages(server);
    const session = await signIn(server);
    const runs: Array<Omit<SearchFigures, "runs" | "insertSeconds">> = [];
    for (let run = 0; run < SEARCHES; run += 1) runs.push(await timedSearch(server, session));
    const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
    return { ...sorted[Math.floor(sorted.length / 2)]!, runs: runs.map((run) => run.seconds), insertSeconds };
  } finally {
    await server.stop();
  }
}
