import { randomUUID } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import { blockJobChunks, blockJobs } from "../../lib/db/schema";
import { jobRunner } from "../../lib/incidents/runner";
import "../../lib/job-kinds";
import { createJob } from "../../lib/incidents/jobs";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";
import { waitFor } from "../support/wait-for";

/**
 * The job runner's part of a shutdown, in this process against a chat service that holds every
 * request until the test lets it go: a chunk the runner holds without a call on the wire is given
 * back at once at the end of the grace; one whose call is on the wire keeps its lease.
 */

type Held = { method: string; path: string; response: ServerResponse };

function holdingChatService(): Promise<{ server: Server; baseUrl: string; held: Held[] }> {
  const held: Held[] = [];
  const server = createServer((request, response) =>
    held.push({ method: request.method ?? "", path: request.url ?? "", response }),
  );
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`, held }),
    ),
  );
}

const moderator = { id: null, email: "runner-shutdown@example.com", role: "moderator" };

/** The runner is one a process: a fresh one stands for the next process's. */
const freshRunner = () => {
  (globalThis as { __moderatorConsoleWorkers?: Map<string, unknown> }).__moderatorConsoleWorkers?.delete(
    jobRunner.name,
  );
  jobRunner.start();
};

// One service for the whole file: the process's chat API client keeps the address it was first given.
let service: Awaited<ReturnType<typeof holdingChatService>>;
beforeAll(async () => {
  service = await holdingChatService();
  process.env.CHAT_API_BASE_URL = service.baseUrl;
  process.env.CHAT_API_TIMEOUT_MS = "60000";
});
afterAll(() => {
  service.server.closeAllConnections();
  service.server.close();
  delete process.env.CHAT_API_BASE_URL;
  delete process.env.CHAT_API_TIMEOUT_MS;
});

/** The requests the service received after the first `since`, as "METHOD path". */
const requestsAfter = (since: number) =>
  service.held.slice(since).map((request) => `${request.method} ${request.path}`);

describe.each(await databaseKinds())("the job runner at shutdown, on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    // The stopped runners' calls fail now, and give their chunks back while the database is open.
    service.server.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await close?.();
  });

  const chunkOf = async (jobId: string) =>
    (await db.select().from(blockJobChunks).where(eq(blockJobChunks.jobId, jobId)))[0]!;

  const newJob = (uids: string[]) =>
    createJob(db, {
      kind: "block",
      purpose: "incident",
      blockerUid: "cometchat-uid-1",
      reason: "Raid",
      uids,
      preBlocked: [],
      chunkSize: 25,
      concurrency: 1,
      createdBy: moderator,
      operationId: randomUUID(),
    });

  it("gives back a chunk it holds without a call on the wire, at once and marked uncertain", async () => {
    const job = await newJob(["raider-1", "raider-2"]);
    // A chunk whose earlier call may have gone through is first checked against the blocker's blocks.
    await db.update(blockJobChunks).set({ uncertain: true }).where(eq(blockJobChunks.jobId, job.id));
    const since = service.held.length;
    freshRunner();
    await waitFor(
      "the check of the blocker's blocks",
      async () => requestsAfter(since),
      (requests) => requests.some((request) => request.startsWith("GET /v3/users/cometchat-uid-1/blockedusers")),
      20_000,
    );
    const claimed = await chunkOf(job.id);
    expect(claimed).toMatchObject({ status: "in_flight", uncertain: true });

    const started = Date.now();
    await jobRunner.stop(Date.now() + 300);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await chunkOf(job.id)).toMatchObject({
      status: "pending",
      leaseOwner: null,
      uncertain: true,
      claims: claimed.claims,
    });
    expect(requestsAfter(since).filter((request) => request.startsWith("POST"))).toEqual([]);
  });

  it("keeps the lease of a chunk whose call is on the wire: the service may yet carry it out", async () => {
    // The first test's job is set aside, its check still held by the service.
    await db.update(blockJobs).set({ status: "paused" }).where(eq(blockJobs.status, "running"));
    const job = await newJob(["raider-3"]);
    const since = service.held.length;
    freshRunner();
    await waitFor(
      "the block call",
      async () => requestsAfter(since),
      (requests) => requests.includes("POST /v3/users/cometchat-uid-1/blockedusers"),
      20_000,
    );
    const sent = await chunkOf(job.id);
    await jobRunner.stop(Date.now() + 300);
    expect(await chunkOf(job.id)).toMatchObject({
      status: "in_flight",
      leaseOwner: sent.leaseOwner,
      leaseExpiresAt: sent.leaseExpiresAt,
    });
  });
});
