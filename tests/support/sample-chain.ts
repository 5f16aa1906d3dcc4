import { GENESIS_HASH, hashEntry, type ChainedEntry } from "../../lib/audit/chain";

/**
 * A chain of `count` made-up action-log entries, hashed and linked as the log links them, for the
 * unit tests of the chain and of its published specification. `vary` changes members of an entry.
 */
export function sampleChain(
  count: number,
  vary: (seq: number) => Partial<ChainedEntry> = () => ({}),
): Array<ChainedEntry & { hash: string }> {
  const chain: Array<ChainedEntry & { hash: string }> = [];
  for (let seq = 1; seq <= count; seq += 1) {
    const entry: ChainedEntry = {
      seq,
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
      operationId: `10000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
      actorId: null,
      actorEmail: "mod@example.com",
      actorRole: "moderator",
      action: "users.block",
      targetUid: `user-${seq}`,
      onBehalfOf: null,
      reason: null,
      requestBody: { blockedUids: [`spam-${seq}`] },
      outcome: "succeeded",
      httpStatus: 200,
      errorCode: null,
      summary: { counts: { blocked: 1 } },
      durationMs: 12,
      ip: "127.0.0.1",
      userAgent: "test",
      requestId: null,
      affected: seq % 2 ? { count: 2, sample: [`user-${seq}`, `spam-${seq}`], sha256: "a".repeat(64) } : null,
      completesOperation: seq % 3 === 0,
      parentOperationId: seq % 4 === 0 ? "20000000-0000-4000-8000-000000000000" : null,
      prevHash: chain.at(-1)?.hash ?? GENESIS_HASH,
      ...vary(seq),
    };
    chain.push({ ...entry, hash: hashEntry(entry) });
  }
  return chain;
}
