import { and, eq, inArray, isNull, sql, type Column } from "drizzle-orm";
import type { ChatDatabase as Database } from "./db/client";
import { chatGroups, chatUsers } from "./db/schema";
import { chatErrors } from "./errors";
import { membersCount } from "./members-count";
import type { GroupWithCount, UserRow } from "./records";

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * `column = ANY($1)` with the list as one array parameter: a block request may name tens of
 * thousands of UIDs, past PostgreSQL's limit of 65,535 parameters of an `IN (...)` list.
 */
export const isAnyOf = (column: Column, values: string[]) => sql`${column} = any(${sql.param(values)}::text[])`;

/** A LIKE pattern that matches `text` literally (backslash is PostgreSQL's default LIKE escape). */
export const literalForLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function findUsers(db: Database, uids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(chatUsers).where(isAnyOf(chatUsers.uid, unique));
  return new Map(rows.map((row) => [row.uid, row]));
}

export async function findGroups(db: Database, guids: string[]): Promise<Map<string, GroupWithCount>> {
  const unique = [...new Set(guids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ group: chatGroups, membersCount })
    .from(chatGroups)
    .where(inArray(chatGroups.guid, unique));
  return new Map(rows.map(({ group, membersCount }) => [group.guid, { ...group, membersCount }]));
}

export async function requireUser(db: Database, uid: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(chatUsers)
    .where(and(eq(chatUsers.uid, uid), isNull(chatUsers.deactivatedAt)))
    .limit(1);
  if (!user) throw chatErrors.uidNotFound(uid);
  return user;
}
