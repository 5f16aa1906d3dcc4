import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/console-server";
import { MIGRATIONS, migrationsUpTo, openEmptyDatabase } from "../support/migrations";

/**
 * Migration 0018 puts every lost answer in one table, `call_settlements`: the blocks and unblocks of
 * `block_settlements`, the reports queue's bans and deactivations of `report_call_settlements`, and the
 * reviews still unknown (until then settled from the reports' own rows), settled or not, before the
 * two old tables go. A database as 0017 left it, with rows of each, migrates forward with them.
 */
const BEFORE = "0018_call_settlements";

const OLD_ROWS = `
  insert into block_settlements (id, operation_id, blocker_uid, verb, uids, settle_after, expires_in_seconds, set_by_email, set_by_role, reason)
    values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'blocker-1', 'block', '["spammer-1","spammer-2"]', now(), 3600, 'mod@example.com', 'moderator', 'spam');
  insert into block_settlements (id, operation_id, blocker_uid, verb, uids, settle_after, set_by_email, set_by_role, settled_at)
    values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a2', 'blocker-2', 'unblock', '["spammer-3"]', now(), 'system', 'system', now());
  insert into report_call_settlements (id, parent_operation_id, call, uids, guid, settle_after)
    values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-0000000000a3', 'ban', '["sender-1"]', 'group-1', now());
  insert into reports (message_id, conversation_id, sender_uid, sender_name, receiver_type, receiver_id, receiver_name, text, message, reporters, reason_ids, report_count, last_flagged_at, status, decision, decision_operation_id, settle_after)
    values ('777', 'group_group-1', 'sender-2', 'Sender', 'group', 'group-1', 'Group', 'hi', '{}', '[]', '{}', 1, now(), 'unknown', 'keep', '00000000-0000-4000-8000-0000000000a4', now()),
           ('778', 'group_group-1', 'sender-3', 'Sender', 'group', 'group-1', 'Group', 'hi', '{}', '[]', '{}', 1, now(), 'open', null, null, null);`;

const SETTLEMENTS = `select kind, operation_id as "operationId", action, target, items, affected_uids as "affectedUids",
  expires_in_seconds as "expiresInSeconds", set_by_email as "setByEmail", reason, settled_at is not null as settled
  from call_settlements order by operation_id`;
const OLD_TABLES = `select table_name from information_schema.tables
  where table_name in ('block_settlements', 'report_call_settlements')`;

describe.each(await databaseKinds())("migration 0018 on %s", (kind) => {
  const folder = migrationsUpTo(BEFORE);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("moves every lost answer of the two old tables and the unknown reviews into call_settlements", async () => {
    const database = await openEmptyDatabase(kind);
    try {
      await database.migrate(folder);
      await database.query(OLD_ROWS);
      await database.migrate(MIGRATIONS);
      expect(await database.query(OLD_TABLES)).toEqual([]);
      expect(await database.query(SETTLEMENTS)).toEqual([
        {
          kind: "block",
          operationId: "00000000-0000-4000-8000-0000000000a1",
          action: "users.block.settle",
          target: "blocker-1",
          items: ["spammer-1", "spammer-2"],
          affectedUids: ["blocker-1", "spammer-1", "spammer-2"],
          expiresInSeconds: 3600,
          setByEmail: "mod@example.com",
          reason: "spam",
          settled: false,
        },
        {
          kind: "unblock",
          operationId: "00000000-0000-4000-8000-0000000000a2",
          action: "users.block.settle",
          target: "blocker-2",
          items: ["spammer-3"],
          affectedUids: ["blocker-2", "spammer-3"],
          expiresInSeconds: null,
          setByEmail: "system",
          reason: null,
          settled: true,
        },
        {
          kind: "ban",
          operationId: "00000000-0000-4000-8000-0000000000a3",
          action: "report.settle",
          target: "group-1",
          items: ["sender-1"],
          affectedUids: ["sender-1"],
          expiresInSeconds: null,
          setByEmail: "system",
          reason: null,
          settled: false,
        },
        {
          kind: "review",
          operationId: "00000000-0000-4000-8000-0000000000a4",
          action: "report.settle",
          target: "777",
          items: ["sender-2"],
          affectedUids: ["sender-2"],
          expiresInSeconds: null,
          setByEmail: "system",
          reason: null,
          settled: false,
        },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
