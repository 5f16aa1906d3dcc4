import { randomUUID } from "node:crypto";
import { appendAuditEvent } from "../../lib/audit/append";
import { signScheduledCheckpoint } from "../../lib/audit/checkpoints";
import { closeDb, getDb } from "../../lib/db/client";

/**
 * A console process in miniature: appends COUNT entries, CONCURRENCY at a time, then exits; with
 * CHECKPOINT_EVERY, it also signs a checkpoint after every that many of its appends.
 */
const count = Number(process.env.COUNT ?? 500);
const concurrency = Number(process.env.CONCURRENCY ?? 25);
const checkpointEvery = Number(process.env.CHECKPOINT_EVERY ?? 0);
const worker = process.env.WORKER ?? "worker";

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const index = next++;
      await appendAuditEvent({
        operationId: randomUUID(),
        actor: { id: null, email: `${worker}@example.com`, role: "moderator" },
        action: "users.block",
        outcome: "succeeded",
        targetUid: `${worker}-${index}`,
        affectedUids: [`${worker}-${index}`],
      });
      if (checkpointEvery > 0 && index % checkpointEvery === 0) await signScheduledCheckpoint(await getDb());
    }
  }),
);
await closeDb();
console.log(`${worker} appended ${count}`);
