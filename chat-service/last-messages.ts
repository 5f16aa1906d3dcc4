import { desc } from "drizzle-orm";
import type { ChatDatabase as Database } from "./db/client";
import { chatMessages } from "./db/schema";
import { findGroups, findUsers, isAnyOf } from "./lookups";
import { entitiesOf, messageRecord, referencesOf, type MessageRecord } from "./records";

/**
 * The last message of each of `conversationIds` as a record (2.2) seen by `viewer`, in a fixed
 * number of queries however many conversations there are: one for the messages, then one load of
 * every user and group they refer to.
 */
export async function loadLastMessages(
  db: Database,
  conversationIds: string[],
  viewer: string,
): Promise<Map<string, MessageRecord>> {
  if (conversationIds.length === 0) return new Map();
  const messages = await db
    .selectDistinctOn([chatMessages.conversationId])
    .from(chatMessages)
    .where(isAnyOf(chatMessages.conversationId, conversationIds))
    .orderBy(chatMessages.conversationId, desc(chatMessages.id));
  const references = messages.map(referencesOf);
  const entities = entitiesOf(
    (
      await findUsers(
        db,
        references.flatMap((refs) => refs.uids),
      )
    ).values(),
    (
      await findGroups(
        db,
        references.flatMap((refs) => refs.guids),
      )
    ).values(),
  );
  return new Map(messages.map((message) => [message.conversationId, messageRecord(message, entities, viewer)]));
}
