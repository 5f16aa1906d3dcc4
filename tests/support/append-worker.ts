import { randomUUID } from "node:crypto";
import { appendAuditEvent } from "../../lib/audit/append";
import { closeDb } from "../../lib/db/client";

/** A console process in miniature: appends COUNT entries, CONCURRENCY at a time, then exits. */
const count = Number(process.env.COUNT ?? 500);
const concurrency = Number(process.env.CONCURRENCY ?? 25);
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
      });
    }
  }),
);
await closeDb();
console.log(`${worker} appended ${count}`);
