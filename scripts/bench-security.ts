import { startConsole, type DatabaseKind } from "../tests/support/console-server";
import { callActionOver, exportedEntries, signIn, trySignIn } from "../tests/support/console-session";
import { startHostileUpstream } from "../tests/support/hostile-upstream";
import { buildIfNeeded } from "./lib/build";
import { printTable } from "./lib/table";

/**
 * `npm run bench:security`: two figures of the security hardening. How many password checks 50
 * wrong sign-ins for one email, sent at once, get (target: exactly SIGN_IN_MAX_FAILURES); and the
 * longest time any page takes to render against the worst answers a chat service can give (target:
 * under 1 s): NUL characters, the console's key, dates out of range, 20,000 levels of nesting,
 * 500,000,000 pages. BENCH_DATABASE=postgres runs on PostgreSQL.
 */
const database = (process.env.BENCH_DATABASE ?? "pglite") as DatabaseKind;
const ADMIN = { email: "bench@example.com", password: "bench-password-123" };
const API_KEY = "bench-security-key-7f3a";
const LIMIT = 5;
const PARALLEL = 50;
const ROUNDS = 3;
const PAGES = [
  "/users?search=mal",
  "/users?search=mal&page=400000000",
  "/users/mallory",
  "/users/mallory?conversations=user&conversationsPage=999999&blockedPage=999999",
  "/incidents",
  "/audit",
  "/operators",
];

async function passwordChecks(): Promise<string[][]> {
  const server = await startConsole({
    database,
    env: {
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_MAX_FAILURES: String(LIMIT),
    },
  });
  try {
    const admin = await signIn(server, ADMIN);
    const email = "target@example.com";
    const started = performance.now();
    await Promise.all(Array.from({ length: PARALLEL }, () => trySignIn(server, { email, password: "wrong-password" })));
    const elapsed = performance.now() - started;
    const entries = await exportedEntries(server, admin, { action: "auth.sign_in_failed", actor: email });
    const checked = entries.filter((entry) => entry.errorCode === "INVALID_CREDENTIALS").length;
    const locked = entries.filter((entry) => entry.errorCode === "LOCKED").length;
    return [
      [
        `${PARALLEL} wrong sign-ins at once, one email`,
        `${checked} (target ${LIMIT})`,
        `${locked} refused as locked`,
        `${Math.round(elapsed)} ms`,
      ],
    ];
  } finally {
    await server.stop();
  }
}

async function worstRender(): Promise<string[][]> {
  const upstream = await startHostileUpstream(API_KEY);
  const server = await startConsole({
    database,
    env: {
      CHAT_API_BASE_URL: upstream.baseUrl,
      CHAT_API_KEY: API_KEY,
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
    },
  });
  try {
    const admin = await signIn(server, ADMIN);
    // The log gets entries of hostile answers too, so that /audit renders them.
    await callActionOver(server, admin, "blockUsersAction", { blocker: "owner", uids: ["spam-1"] }, "/users/mallory");
    const rows: string[][] = [];
    for (const path of PAGES) {
      let worst = 0;
      let status = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: admin.cookie } });
        const html = await response.text();
        worst = Math.max(worst, performance.now() - started);
        status = response.status;
        if (html.includes(API_KEY)) throw new Error(`${path} shows the API key`);
      }
      rows.push([path, String(status), `${Math.round(worst)} ms`]);
    }
    return rows;
  } finally {
    await server.stop();
    await upstream.close();
  }
}

async function main() {
  buildIfNeeded();
  console.log(`\nSign-in limit (${database})\n`);
  printTable(["Run", "Password checks", "Locked", "Time"], await passwordChecks());
  const renders = await worstRender();
  console.log(`\nPage render against the worst upstream answers (${database}), worst of ${ROUNDS}\n`);
  printTable(["Page", "Status", "Worst time"], renders);
  const longest = Math.max(...renders.map((row) => Number.parseInt(row[2]!, 10)));
  console.log(`\nLongest render: ${longest} ms (target under 1000 ms)\n`);
}

await main();
