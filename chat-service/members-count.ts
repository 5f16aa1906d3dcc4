import { sql } from "drizzle-orm";

/**
 * A group's `membersCount`, as its members list counts them: members whose account is active (a
 * deactivated user is listed nowhere). The one definition, for the statements written as text and for
 * drizzle's queries of `chat_groups`. `guid` is the outer group's guid named with its table or alias:
 * a bare `guid` would bind to the subquery's own `members.guid`, and count every membership.
 */
export const membersCountOf = (guid: string) => `(select count(*) from chat_group_members members
  join chat_users member_user on member_user.uid = members.uid and member_user.deactivated_at is null
  where members.guid = ${guid})`;

/** The same, as a column of any query that reads `chat_groups`, joined or not. */
export const membersCount = sql<number>`${sql.raw(membersCountOf('"chat_groups"."guid"'))}`.mapWith(Number);
