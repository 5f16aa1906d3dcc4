import { and, count, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { chatErrors } from "./errors";
import { chatUsers } from "./db/schema";
import { isAnyOf, literalForLike, nowSeconds } from "./lookups";
import { listMeta, offsetOf, type PageRequest } from "./pagination";
import { userRecord, type UserRow } from "./records";
import { chatStore } from "./service";
import { statements } from "./statements";

export async function getUser(uid: string) {
  const [user] = await chatStore().run<UserRow>(statements.getUser, [uid]);
  if (!user) throw chatErrors.uidNotFound(uid);
  return userRecord(user);
}

type UserListQuery = PageRequest & {
  searchKey?: string;
  searchIn?: Array<"uid" | "name">;
  status?: string;
  role?: string;
  roles?: string[];
  onlyDeactivated?: boolean;
  withDeactivated?: boolean;
};

/** Active users only, unless the query asks for the deactivated ones too, or for them alone. */
function deactivationCondition(query: UserListQuery): SQL | undefined {
  if (query.onlyDeactivated) return isNotNull(chatUsers.deactivatedAt);
  return query.withDeactivated ? undefined : isNull(chatUsers.deactivatedAt);
}

function searchCondition(searchKey: string, searchIn: Array<"uid" | "name">): SQL | undefined {
  const key = literalForLike(searchKey.toLowerCase());
  const fields = new Set(searchIn);
  return or(
    fields.has("uid") ? sql`lower(${chatUsers.uid}) like ${`${key}%`}` : undefined,
    // The vendor matches names that start with the key; a later word of the name counts too, so that
    // "alan" finds "George Alan".
    fields.has("name") ? sql`lower(${chatUsers.name}) like ${`${key}%`}` : undefined,
    fields.has("name") ? sql`lower(${chatUsers.name}) like ${`% ${key}%`}` : undefined,
  );
}

/** The vendor's "list users": filtered, sorted by name then UID, one page. */
export async function listUsers(query: UserListQuery) {
  const { db } = chatStore();
  const roles = [...(query.role ? [query.role] : []), ...(query.roles ?? [])];
  const where = and(
    query.searchKey ? searchCondition(query.searchKey, query.searchIn ?? ["uid", "name"]) : undefined,
    query.status ? eq(chatUsers.status, query.status) : undefined,
    roles.length > 0 ? isAnyOf(chatUsers.role, roles) : undefined,
    deactivationCondition(query),
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(chatUsers).where(where);
  const rows = await db
    .select()
    .from(chatUsers)
    .where(where)
    .orderBy(sql`lower(${chatUsers.name})`, chatUsers.uid)
    .limit(query.perPage)
    .offset(offsetOf(query));
  return {
    data: rows.map(userRecord),
    meta: listMeta(
      query,
      total,
      rows.length,
      rows.map((row) => row.updatedAt ?? row.createdAt),
    ),
  };
}

/** Adds `count` users named `<prefix>-<n>` in one statement: load for demos and tests of incident mode. */
export async function createTestUsers(
  prefix: string,
  count: number,
): Promise<{ created: number; first: string; last: string }> {
  const { db } = chatStore();
  const { rows } = (await db.execute(sql`
    insert into ${chatUsers} (uid, name, role, status, created_at)
    select ${prefix} || '-' || n, 'Test user ' || n, 'default', 'offline', ${nowSeconds()}
    from generate_series(0, ${count - 1}) as n
    on conflict do nothing
    returning uid`)) as unknown as { rows: Array<{ uid: string }> };
  // Thousands of users at once: the statistics are read again now rather than when autovacuum next
  // passes, so that statements prepared while the table was small are planned again for its size (a
  // block's generic plan read the demo data's 130 users whole, and then 8,000 at every call: 25-UID
  // blocks of the new users went from 2,100 to 330 a second on PostgreSQL).
  if (rows.length > 0) await db.execute(sql`analyze ${chatUsers}`);
  return { created: rows.length, first: `${prefix}-0`, last: `${prefix}-${count - 1}` };
}
