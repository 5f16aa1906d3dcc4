import { auditExportStream } from "../../lib/audit/export";
import { randomBytes } from "node:crypto";
import { signerFromSeed } from "../../lib/audit/checkpoint-note";
import { verifyAuditChain } from "../../lib/audit/verify";
import type { Database } from "../../lib/db/client";
import { number, progress, SCOPE } from "./options";
import { NO_FILTER } from "./queries";
import { checkDeadline } from "./run-control";
import { memorySampler, yieldToEventLoop } from "./sampling";

export async function measureExport(db: Database) {
  const sampler = memorySampler();
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let exported = 0;
  let nextReport = 100_000;
  const reader = auditExportStream(db, NO_FILTER, SCOPE, "csv", async ({ count, error }) => {
    exported = count;
    if (error) throw error;
  }).getReader();
  for (;;) {
    // As an HTTP response would, between chunks: the socket's writes give the event loop a turn.
    await yieldToEventLoop();
    const { done, value } = await reader.read();
    if (done) break;
    sampler.sample();
    bytes += value.byteLength;
    for (let at = value.indexOf(10); at >= 0; at = value.indexOf(10, at + 1)) lines += 1;
    if (lines >= nextReport) {
      progress(`${number(lines)} lines exported...`);
      nextReport += 100_000;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes, lines, entries: exported, memory: sampler.stop() };
}

export async function measureVerify(db: Database) {
  const sampler = memorySampler();
  // verifyAuditChain does not yield between its batches: memory and the deadline are checked after each one.
  const result = await verifyAuditChain(db, {
    key: signerFromSeed(randomBytes(32).toString("hex")),
    onProgress: (checked) => {
      sampler.sample();
      checkDeadline();
      if (checked % 100_000 === 0) progress(`${number(checked)} entries verified...`);
    },
  });
  return { result, memory: sampler.stop() };
}
