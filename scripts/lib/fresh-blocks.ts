import { runLoad, type LoadRequest, type LoadResult } from "./load";

/**
 * Blocks of fresh pairs: every request blocks UIDs its blocker never blocked before, among users made
 * for the run (`POST /v3/embedded/users`), as an incident job does. Blocking the same few demo users
 * over and over measures a look-up instead: after the first seconds each "block" is a no-op conflict.
 *
 * Connection `c` takes the blockers `c`, `c + connections`, `c + 2 × connections`… of the pool in
 * turn; each blocks every other user of the pool once, `perCall` at a time, before the next takes over.
 * So no two requests of a run, on any connection, ask for the same pair.
 */
type FreshBlocks = {
  request: (connection: number, i: number) => LoadRequest;
  /** The blocks the service holds for the pool's blockers, counted from their blocked lists. */
  blocksMade: () => Promise<number>;
};

type Pool = { baseUrl: string; apiKey: string; prefix: string; users: number };
type Answer = { data: { created: number }; meta: { pagination: { total: number } } };

async function call(pool: Pool, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${pool.baseUrl}/v3${path}`, {
    method,
    headers: { apikey: pool.apiKey, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as Answer;
  if (response.status !== 200)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A pool of `users` new users `<prefix>-0` to `<prefix>-<users - 1>` (a prefix of its own each run),
 * and the requests that block fresh pairs of it, `perCall` UIDs a request, over `connections`.
 */
async function freshBlocks(pool: Pool & { perCall: number; connections: number }): Promise<FreshBlocks> {
  const { prefix, users, perCall, connections } = pool;
  const made = await call(pool, "POST", "/embedded/users", { prefix, count: users });
  if (made.data.created !== users) throw new Error(`Users with prefix ${prefix} existed already`);
  const callsPerBlocker = Math.floor((users - 1) / perCall);
  const blockersUsed = new Set<number>();
  const headers = { apikey: pool.apiKey };
  return {
    request: (connection, i) => {
      const blocker = connection + connections * Math.floor(i / callsPerBlocker);
      if (blocker >= users) throw new Error(`The pool of ${users} users has no fresh pair left: make it larger`);
      blockersUsed.add(blocker);
      const first = (i % callsPerBlocker) * perCall;
      const blockedUids = Array.from({ length: perCall }, (_, k) => `${prefix}-${(blocker + 1 + first + k) % users}`);
      return { method: "POST", path: `/v3/users/${prefix}-${blocker}/blockedusers`, headers, body: { blockedUids } };
    },
    blocksMade: async () => {
      let total = 0;
      for (const blocker of blockersUsed) {
        const list = await call(pool, "GET", `/users/${prefix}-${blocker}/blockedusers?perPage=1`);
        total += list.meta.pagination.total;
      }
      return total;
    },
  };
}

/** Large enough for ten seconds at 20,000 requests a second of 25 UIDs over 16 connections. */
const POOL_USERS = 4000;

/**
 * A warm-up and a measured run of blocks of fresh pairs, each on a pool of its own, `perCall` UIDs a
 * request. Throws unless every answered request made `perCall` new blocks: the figure is of blocks.
 */
export async function measureFreshBlocks(options: {
  baseUrl: string;
  apiKey: string;
  perCall: number;
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}): Promise<LoadResult> {
  const { baseUrl, apiKey, perCall, connections } = options;
  const pool = (prefix: string) => freshBlocks({ baseUrl, apiKey, prefix, users: POOL_USERS, perCall, connections });
  const port = Number(new URL(baseUrl).port);
  await runLoad(port, connections, options.warmUpSeconds, (await pool(`fresh-${perCall}-warm-up`)).request);
  const measured = await pool(`fresh-${perCall}`);
  const result = await runLoad(port, connections, options.seconds, measured.request);
  const made = await measured.blocksMade();
  const asked = (result.count - result.non200) * perCall;
  if (made !== asked) throw new Error(`${asked} blocks of fresh pairs were answered, but ${made} were made`);
  return result;
}
