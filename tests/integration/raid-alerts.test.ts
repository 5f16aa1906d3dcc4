import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { IndexedBlockedMessage } from "../../lib/blocked-messages/blocked-item";
import { takeForDecision, writeBlockedPass } from "../../lib/blocked-messages/index-store";
import type { Database } from "../../lib/db/client";
import { blockedMessages, raidAlerts } from "../../lib/db/schema";
import { dismissRaidAlert, openRaidAlerts } from "../../lib/raid-alerts/store";
import { watchOnce } from "../../lib/raid-alerts/worker";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";

/**
 * The raid alert over the index of blocked messages, on PGlite and PostgreSQL: raised when a group
 * crosses the thresholds (20 messages from 10 accounts in 10 minutes by default), once; its counts
 * follow the raid; after "Dismiss" only what came since counts; and the index's reads and decisions.
 */

let sequence = 0;

function blocked(
  guid: string,
  sender: string,
  at: Date,
  overrides: Partial<IndexedBlockedMessage> = {},
): IndexedBlockedMessage {
  sequence += 1;
  return {
    messageId: String(100_000 + sequence),
    ruleId: "giveaway",
    ruleName: "Giveaway links",
    revisionId: "embedded_giveaway_1",
    condition: { id: 1 },
    action: "blockMessage",
    senderUid: sender,
    senderName: sender,
    senderCreatedAt: new Date(at.getTime() - 3600_000),
    receiverType: "group",
    receiverId: guid,
    receiverName: `Group ${guid}`,
    text: "500 USDT https://usdt-drop.example/claim",
    sentAt: at,
    blockedAt: at,
    ...overrides,
  };
}

/** `count` messages from `senders` accounts in the group, spread over the last `minutes`. */
const wave = (guid: string, count: number, senders: number, now: Date, minutes = 5) =>
  Array.from({ length: count }, (_, index) =>
    blocked(guid, `${guid}-raider-${index % senders}`, new Date(now.getTime() - (index * minutes * 60_000) / count)),
  );

describe.each(await databaseKinds())("raid alerts, on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(async () => {
    await db.delete(raidAlerts);
    await db.delete(blockedMessages);
    await db.execute(sql`delete from reports`);
  });

  it("raises one alert when a group crosses both thresholds, and none below either", async () => {
    const now = new Date();
    await writeBlockedPass(
      db,
      [
        ...wave("raided", 20, 10, now),
        // Many messages, too few accounts; and too few messages from many accounts.
        ...wave("chatty", 40, 3, now),
        ...wave("quiet", 19, 19, now),
      ],
      now,
    );
    expect(await watchOnce(db, now)).toBe(1);
    const [alert] = await openRaidAlerts(db);
    expect(alert).toMatchObject({ guid: "raided", groupName: "Group raided", messages: 20, senders: 10, blocked: 20 });
    expect(alert!.perMinute.reduce((sum, count) => sum + count, 0)).toBe(20);

    // Looked at again: the same alert, no second one.
    expect(await watchOnce(db, now)).toBe(0);
    expect(await openRaidAlerts(db)).toHaveLength(1);
  });

  it("follows the raid while open, and after Dismiss counts only what came since", async () => {
    const now = new Date();
    const firstWave = wave("raided", 20, 10, now);
    await writeBlockedPass(db, firstWave, now);
    await watchOnce(db, now);
    await writeBlockedPass(db, [...firstWave, ...wave("raided", 10, 10, now)], now);
    await watchOnce(db, now);
    const [grown] = await openRaidAlerts(db);
    expect(grown!.messages).toBe(30);

    await dismissRaidAlert(db, grown!.id, { id: "00000000-0000-4000-8000-000000000001", name: "Mia" });
    expect(await openRaidAlerts(db)).toHaveLength(0);
    const later = new Date(Date.now() + 1000);
    // The raid's old messages no longer raise it.
    expect(await watchOnce(db, later)).toBe(0);
    // Twenty new ones from ten accounts do.
    await writeBlockedPass(db, wave("raided", 20, 10, new Date(later.getTime() + 60_000), 0.5), later);
    expect(await watchOnce(db, new Date(later.getTime() + 61_000))).toBe(1);
    const [again] = await openRaidAlerts(db);
    expect(again).toMatchObject({ guid: "raided", messages: 20, senders: 10 });
  });

  it("counts reported messages with blocked ones, each message once", async () => {
    const now = new Date();
    const messages = wave("mixed", 12, 6, now);
    await writeBlockedPass(db, messages, now);
    // Ten reported messages of the same group from five more accounts, two of them also blocked.
    for (let index = 0; index < 10; index += 1) {
      const messageId = index < 2 ? messages[index]!.messageId : String(900_000 + index);
      await db.execute(sql`
        insert into reports (message_id, conversation_id, sender_uid, sender_name, receiver_type, receiver_id,
          receiver_name, text, message, reporters, reason_ids, report_count, last_flagged_at)
        values (${messageId}, 'group_mixed', ${index < 2 ? messages[index]!.senderUid : `mixed-reported-${index % 5}`},
          'x', 'group', 'mixed', 'Group mixed', 'x', '{}'::jsonb, '[]'::jsonb, '{}', 1, ${now.toISOString()})`);
    }
    expect(await watchOnce(db, now)).toBe(1);
    const [alert] = await openRaidAlerts(db);
    expect(alert).toMatchObject({ messages: 20, senders: 11, blocked: 12, reported: 10 });
  });

  it("keeps decisions through reads, takes a message for one decision only, and marks one reviewed elsewhere gone after two reads", async () => {
    const now = new Date();
    const [first, second, third] = wave("decided", 3, 3, now);
    await writeBlockedPass(db, [first!, second!, third!], now);
    expect(await takeForDecision(db, [first!.messageId], "00000000-0000-4000-8000-000000000002")).toEqual([
      first!.messageId,
    ]);
    // A second moderator's decision on the same message takes nothing.
    expect(await takeForDecision(db, [first!.messageId], "00000000-0000-4000-8000-000000000003")).toEqual([]);

    // The next reads no longer show the third (reviewed in the vendor's dashboard).
    await writeBlockedPass(db, [first!, second!], new Date(now.getTime() + 5000));
    const status = async (id: string) =>
      (
        await db
          .select({ status: blockedMessages.status })
          .from(blockedMessages)
          .where(sql`message_id = ${id}`)
      )[0]!.status;
    expect(await status(third!.messageId)).toBe("pending");
    await writeBlockedPass(db, [first!, second!], new Date(now.getTime() + 10_000));
    expect(await status(third!.messageId)).toBe("gone");
    expect(await status(first!.messageId)).toBe("deciding");
    expect(await status(second!.messageId)).toBe("pending");
  });
});
