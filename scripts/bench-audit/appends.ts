import { randomUUID } from "node:crypto";
import { appendAuditEvent, type AuditEventInput } from "../../lib/audit/append";
import { OPERATORS, UID_POOL, uidAt } from "./fixtures";
import { APPEND_TIME_LIMIT_MS } from "./options";
import { percentile } from "./sampling";

function appendInput(index: number): AuditEventInput {
  const operator = OPERATORS[2 + (index % 6)]!;
  return {
    operationId: randomUUID(),
    actor: { id: operator.id, email: operator.email, role: operator.role },
    action: "users.block",
    outcome: "requested",
    targetUid: uidAt(index % UID_POOL),
    reason: "spam",
    requestBody: { blockedUids: [uidAt((index * 7 + 1) % UID_POOL)] },
    ip: operator.ips[0],
    userAgent: operator.userAgent,
    requestId: randomUUID(),
  };
}

export async function appendRun(total: number, inFlight: number) {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + APPEND_TIME_LIMIT_MS;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (issued < total && performance.now() < deadline) {
        const index = issued++;
        const t0 = performance.now();
        await appendAuditEvent(appendInput(index));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}
