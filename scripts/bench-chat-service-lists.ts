import pg from "pg";
import { openSharedPglite } from "../lib/db/pglite-shared";
import type { ConsoleServer } from "../tests/support/console-server";
import type { LoadRequest } from "./lib/load";

/**
 * The moderation lists' part of `npm run bench:chat-service`: the data they are measured on (the demo
 * data plus 100,000 messages and 10,000 reports, written by bulk SQL into the console's own database
 * while it is stopped) and their scenarios, a page of 100 each.
 */

export const EXTRA_MESSAGES = 100_000;
export const EXTRA_REPORTS = 10_000;
const LIST_TARGET = "p99 ≤ 20";
/** The extra messages spread over these last days, 90 days of an app that gets ~1,100 messages a day. */
const DAYS = 90;
const WORDS = ["trail", "ride", "book", "design", "ticket", "coffee", "weekend", "photos", "meeting", "invoice"];

/**
 * Messages from everyone to everyone: one in four to a group, one in ten with a link; then reports
 * of every tenth, by a user other than the sender, with the default reasons, all pending.
 */
function extrasSql(now: number): string {
  const from = now - DAYS * 86_400;
  const step = (DAYS * 86_400) / EXTRA_MESSAGES;
  const words = `array[${WORDS.map((word) => `'${word}'`).join(",")}]`;
  return `
    create temporary table bench_people as
      select row_number() over (order by uid) as n, uid from chat_users where deactivated_at is null;
    create temporary table bench_groups as select row_number() over (order by guid) as n, guid from chat_groups;
    create temporary table bench_new as
      select g, s.uid as sender, r.uid as other, gr.guid
      from generate_series(1, ${EXTRA_MESSAGES}) g
      join bench_people s on s.n = 1 + g % (select count(*) from bench_people)
      join bench_people r on r.n = 1 + (g * 7 + 3) % (select count(*) from bench_people)
      join bench_groups gr on gr.n = 1 + (g / 4) % (select count(*) from bench_groups);
    insert into chat_messages (conversation_id, sender, receiver_type, receiver, category, type, data, sent_at, updated_at)
      select case when g % 4 = 0 or sender = other then 'group_' || guid
               else least(sender, other) || '_user_' || greatest(sender, other) end,
             sender,
             case when g % 4 = 0 or sender = other then 'group' else 'user' end,
             case when g % 4 = 0 or sender = other then guid else other end,
             'message', 'text',
             jsonb_build_object('text', 'bench ' || g || ' about the ' || (${words})[1 + g % ${WORDS.length}]
               || case when g % 10 = 0 then ' https://example.com/' || g else '' end),
             ${from} + floor(g * ${step})::bigint, ${from} + floor(g * ${step})::bigint
      from bench_new order by g;
    with reported as (
      select m.id, m.sender, m.sent_at, row_number() over (order by m.id) as k
      from chat_messages m where m.data->>'text' like 'bench %' and m.id % 10 = 0
      order by m.id limit ${EXTRA_REPORTS})
    insert into chat_message_flags (message_id, uid, reason_id, remark, flagged_at)
      select id, (select p.uid from bench_people p where p.uid <> reported.sender order by p.n offset reported.k % 50 limit 1),
             (array['spam', 'harassment', 'inappropriate'])[1 + k % 3], 'bench report ' || k, sent_at + 60
      from reported;
    insert into chat_flagged_messages (message_id, status, last_flagged_at)
      select message_id, 'pending', max(flagged_at) from chat_message_flags group by message_id
      on conflict (message_id) do nothing;
    drop table bench_people; drop table bench_groups; drop table bench_new;
    analyze;`;
}

/** The direct conversations with the most messages, for the one-conversation scenario. */
const BUSIEST_PAIRS = `select sender, receiver from chat_messages where receiver_type = 'user'
  group by sender, receiver order by count(*) desc, sender, receiver limit 50`;

export type ListExtras = { seconds: number; pairs: { sender: string; receiver: string }[] };

/** Stops the console, writes the extras into its database, and leaves the restart to the caller. */
export async function addListExtras(server: ConsoleServer): Promise<ListExtras> {
  await server.terminate("SIGTERM");
  const started = performance.now();
  const sql = extrasSql(Math.floor(Date.now() / 1000));
  type Pair = { sender: string; receiver: string };
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
      const seconds = (performance.now() - started) / 1000;
      return { seconds, pairs: (await client.query<Pair>(BUSIEST_PAIRS)).rows };
    } finally {
      await client.end();
    }
  }
  const { client, close } = await openSharedPglite(server.dataDir);
  try {
    await client.exec(sql);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, pairs: (await client.query<Pair>(BUSIEST_PAIRS)).rows };
  } finally {
    await close();
  }
}

type ListScenario = { name: string; target: string; request: (connection: number, i: number) => LoadRequest };

/** The new list endpoints, each a page of 100: app-wide, filtered, one conversation, the review queue, groups. */
export function listScenarios(
  apiKey: string,
  data: { uids: readonly string[]; guids: readonly string[]; pairs: ListExtras["pairs"] },
): ListScenario[] {
  const { uids, guids, pairs } = data;
  const headers = { apikey: apiKey };
  const uid = (n: number) => uids[n % uids.length] as string;
  const guid = (n: number) => guids[n % guids.length] as string;
  const get = (path: string, extra: Record<string, string> = {}): LoadRequest => ({
    method: "GET",
    path: `/v3${path}`,
    headers: { ...headers, ...extra },
  });
  const now = Math.floor(Date.now() / 1000);
  const dayStart = (n: number) => now - (1 + (n % (DAYS - 1))) * 86_400;
  const scenario = (name: string, request: ListScenario["request"]) => ({ name, target: LIST_TARGET, request });
  return [
    scenario("GET /messages, newest 100", () => get("/messages?limit=100")),
    scenario("GET /messages, next page (cursor)", (c, i) => {
      const id = 1 + ((c * 7919 + i * 104_729) % EXTRA_MESSAGES);
      return get(`/messages?limit=100&affix=prepend&sentAt=${dayStart(c + i)}&id=${id}`);
    }),
    scenario("GET /messages?sender=", (c, i) => get(`/messages?limit=100&sender=${uid(c + i)}`)),
    scenario("GET /messages?searchKey= (common word)", (c, i) =>
      get(`/messages?limit=100&searchKey=${WORDS[(c + i) % WORDS.length]}`),
    ),
    scenario("GET /messages?searchKey= (rare text)", (c, i) =>
      get(`/messages?limit=100&searchKey=bench%20${(c * 7919 + i * 104_729) % EXTRA_MESSAGES}%20about`),
    ),
    scenario("GET /messages, a day's window", (c, i) => {
      const from = dayStart(c + i);
      return get(`/messages?limit=100&fromTimestamp=${from}&toTimestamp=${from + 86_400}`);
    }),
    scenario("GET /users/{uid}/messages", (c, i) => {
      const pair = pairs[(c + i) % pairs.length] as ListExtras["pairs"][number];
      return get(`/users/${pair.receiver}/messages?limit=100`, { onBehalfOf: pair.sender });
    }),
    scenario("GET /groups/{guid}/messages", (c, i) => get(`/groups/${guid(c + i)}/messages?limit=100`)),
    scenario("GET /moderation/flagged-messages", (c, i) =>
      get(`/moderation/flagged-messages?limit=100&page=${1 + ((c + i) % 20)}`),
    ),
    scenario("GET /groups", () => get("/groups?perPage=100")),
    scenario("GET /groups/{guid}/members", (c, i) => get(`/groups/${guid(c + i)}/members?perPage=100`)),
  ];
}
