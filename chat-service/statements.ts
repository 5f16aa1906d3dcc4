import type { Statement } from "./db/client";
import { membersCountOf } from "./members-count";

/**
 * The statements of the hot path, one round trip an operation. Each builds the rows it answers with
 * as camelCase JSON, the shapes of ./records, so that nothing is mapped twice: `json`, not `jsonb`,
 * since nothing is stored or compared (measured ~8% less time a call on PGlite), and a message's
 * users found by their UIDs (one look-up each) rather than by testing every user against five.
 *
 * Those that may write (`writes`) commit asynchronously, as PostgreSQL's `synchronous_commit = off`
 * does, for their own transaction only (the console's, in the same database, keep the default): the
 * commit does not wait for the WAL to be written. PostgreSQL's WAL writer writes it within 200 ms;
 * PGlite has none, so the store writes it that often itself (./db/pglite-prepared.ts). A crash may
 * forget the last fraction of a second of the emulator's writes, never corrupt them. Measured on
 * PGlite, a tags update 109 → 70 µs a statement (each commit wrote an 8 kB WAL page to its file).
 */

/**
 * A statement that may write: its final column list gets one that makes its own transaction commit
 * asynchronously (see above), and the flag that has the store write the WAL afterwards.
 */
const writing = ({ name, text }: Statement): Statement => ({
  name,
  writes: true,
  text: `${text},
      set_config('synchronous_commit', 'off', true) as "asyncCommit"`,
});

const userJson = (a: string) => `json_build_object('uid', ${a}.uid, 'name', ${a}.name, 'avatar', ${a}.avatar,
  'link', ${a}.link, 'role', ${a}.role, 'status', ${a}.status, 'metadata', ${a}.metadata,
  'createdAt', ${a}.created_at, 'updatedAt', ${a}.updated_at, 'deactivatedAt', ${a}.deactivated_at, 'entity', ${a}.entity)`;

/** A user the service answers for: one that exists and is not deactivated. */
const ACTIVE = "deactivated_at is null";

/** What a statement reads of a message to answer with its record: its stored source, and its version. */
export const messageJson = (m: string) =>
  `json_build_object('id', ${m}.id, 'updatedAt', ${m}.updated_at, 'recordSource', ${m}.record_source)`;

/**
 * Every user and every group the messages of `source` (a CTE) name: "users" as text (each user's UID,
 * the unit separator and its stored entity, users apart by the record separator: ./records.ts
 * `usersOfText`), "groups" as a JSON array. The sender, the receiver (a user or a group), and the users
 * and group an action message is about (the names the messages' `record_source` holds). Read apart, so
 * that a page of 1,000 messages does not look up five names each.
 */
export const entitiesColumns = (source: string) => `
  (select string_agg(u.uid || E'\\x1f' || u.entity, E'\\x1e') from chat_users u
    where u.uid in (select m.sender from ${source} m
      union select m.receiver from ${source} m where m.receiver_type = 'user'
      union select named.uid from ${source} m, lateral (values (m.data->>'by'), (m.data->>'on'), (m.data->>'for'))
        as named(uid) where m.category = 'action')) as "users",
  (select coalesce(json_agg(${groupJson("g")}), '[]') from chat_groups g
    where g.guid in (select m.receiver from ${source} m where m.receiver_type = 'group'
      union select m.data->>'for' from ${source} m where m.category = 'action')) as "groups"`;

const groupJson = (a: string) => `json_build_object('guid', ${a}.guid, 'name', ${a}.name,
  'description', ${a}.description, 'icon', ${a}.icon, 'type', ${a}.type, 'owner', ${a}.owner,
  'createdAt', ${a}.created_at, 'updatedAt', ${a}.updated_at, 'updatedBy', ${a}.updated_by,
  'membersCount', ${membersCountOf(`${a}.guid`)})`;

/**
 * The owner's state of conversation $3 ($1 the owner), with the tags replaced by $4 at time $5 when
 * $4 is given and `allowed` holds.
 */
const ownerState = (allowed: string) => `
  changed as (
    update chat_conversation_states set tags = $4::jsonb, updated_at = $5::int8
    where owner_uid = $1 and conversation_id = $3 and $4::jsonb is not null and ${allowed}
    returning *),
  state as (
    select * from changed
    union all
    select * from chat_conversation_states where owner_uid = $1 and conversation_id = $3 and $4::jsonb is null)`;

const stateColumn = `
  (select json_build_object('conversationId', s.conversation_id, 'ownerUid', s.owner_uid, 'tags', s.tags,
    'unreadMessageCount', s.unread_message_count, 'createdAt', s.created_at, 'updatedAt', s.updated_at)
    from state s) as "state"`;

/** The last message of conversation $3, then every user and group that message names. */
const lastMessage = `
  last_message as (select * from chat_messages where conversation_id = $3 order by id desc limit 1)`;

const lastMessageColumns = `
  (select ${messageJson("m")} from last_message m) as "message", ${entitiesColumns("last_message")}`;

/**
 * Which message is the last of conversation $3 now, and when it last changed: a kept last message
 * (./known-last-messages.ts) is used only while these still match it.
 */
const lastMessageVersion = `
  (select json_build_object('id', v.id, 'updatedAt', v.updated_at) from chat_messages v
    where v.conversation_id = $3 order by v.id desc limit 1) as "lastMessageVersion"`;

const userConversationCtes = `
  owner_user as (select uid from chat_users where uid = $1 and ${ACTIVE}),
  other_user as (select * from chat_users where uid = $2 and ${ACTIVE}),
  ${ownerState("exists (select 1 from other_user)")}`;

const userConversationColumns = `exists (select 1 from owner_user) as "ownerFound",
  (select ${userJson("o")} from other_user o) as "other",
  ${stateColumn}`;

const groupConversationCtes = `
  owner_user as (select uid from chat_users where uid = $1 and ${ACTIVE}),
  membership as (select scope, joined_at from chat_group_members where guid = $2 and uid = $1),
  ${ownerState("exists (select 1 from membership)")}`;

const groupConversationColumns = `exists (select 1 from owner_user) as "ownerFound",
  (select ${groupJson("g")} from chat_groups g where g.guid = $2) as "group",
  (select json_build_object('scope', scope, 'joinedAt', joined_at) from membership) as "membership",
  ${stateColumn}`;

/**
 * A conversation's two statements: `withLastMessage` for a conversation whose last message is not
 * known yet, `alone` (the same without it) for one whose is.
 */
function conversationStatements(name: string, ctes: string, columns: string) {
  return {
    withLastMessage: writing({
      name,
      text: `with ${ctes}, ${lastMessage}
      select ${columns}, ${lastMessageColumns}`,
    }),
    alone: writing({ name: `${name}_state`, text: `with ${ctes} select ${columns}, ${lastMessageVersion}` }),
  };
}

export const statements = {
  getUser: {
    name: "chat_get_user",
    text: `select uid, name, avatar, link, role, status, metadata, created_at as "createdAt", updated_at as "updatedAt"
      from chat_users where uid = $1 and ${ACTIVE}`,
  },

  /** $1 owner, $2 other user, $3 conversation id, $4 new tags (jsonb) or null, $5 now. */
  userConversation: conversationStatements("chat_user_conversation", userConversationCtes, userConversationColumns),

  /** $1 owner, $2 group, $3 conversation id, $4 new tags (jsonb) or null, $5 now. */
  groupConversation: conversationStatements("chat_group_conversation", groupConversationCtes, groupConversationColumns),

  /**
   * $1 blocker, $2 the other requested UIDs, $3 the call as it came (jsonb), $4 journal it, $5 now.
   * The journal entry and the blocks are one statement: the journal holds exactly the calls that took
   * effect. UIDs go in sorted, so that two calls for one blocker inserting the same pairs wait for each
   * other in one order and cannot deadlock. Blocks that exist are left out by the conflict clause, one
   * index probe each (a `not exists` before the insert was planned as a scan of all the blocker's
   * blocks, slower as they grow). The users are read, not locked: nothing deletes a user (deactivation
   * changes no key), so `for key share` guarded nothing, and it wrote every user row it read (blocks of
   * demo users again on PostgreSQL, 16 connections: 5,552 → 7,303 a second at 1 UID, 3,147 → 3,489 at 25).
   */
  block: writing({
    name: "chat_block",
    text: `with
      blocker as (select uid from chat_users where uid = $1 and ${ACTIVE}),
      known as (select uid from chat_users where uid = any($2::text[]) and ${ACTIVE} order by uid),
      journal as (insert into chat_block_call_journal (method, path, blocker_uid, uids)
        select 'POST', '/users/' || uid || '/blockedusers', uid, $3::jsonb from blocker where $4::boolean returning 1),
      inserted as (insert into chat_blocks (blocker_uid, blocked_uid, blocked_at)
        select blocker.uid, known.uid, $5::int8 from blocker, known on conflict do nothing returning blocked_uid)
      select exists (select 1 from blocker) as "blockerFound",
        array(select uid from known) as "known",
        array(select blocked_uid from inserted) as "changed"`,
  }),

  /**
   * $1 blocker, $2 page size, $3 rows to skip: whether the blocker exists, how many users it blocked,
   * and a page of them, newest first, each with whether it blocked the blocker back.
   */
  blockedUsers: {
    name: "chat_blocked_users",
    text: `with blocked as (
        select b.blocked_uid, b.blocked_at from chat_blocks b
        where b.blocker_uid = $1 and exists (select 1 from chat_users a where a.uid = b.blocked_uid and a.${ACTIVE})),
      page as (select * from blocked order by blocked_at desc, blocked_uid limit $2 offset $3)
      select exists (select 1 from chat_users where uid = $1 and ${ACTIVE}) as "blockerFound",
        (select count(*) from blocked) as "total",
        (select coalesce(json_agg(json_build_object('user', ${userJson("u")}, 'blockedAt', p.blocked_at,
            'hasBlockedMe', exists (select 1 from chat_blocks back
              where back.blocker_uid = p.blocked_uid and back.blocked_uid = $1))
            order by p.blocked_at desc, p.blocked_uid), '[]')
          from page p join chat_users u on u.uid = p.blocked_uid) as "blocked"`,
  },

  /** As `block`, for unblocking: $1 to $4 alike. */
  unblock: writing({
    name: "chat_unblock",
    text: `with
      blocker as (select uid from chat_users where uid = $1 and ${ACTIVE}),
      known as (select uid from chat_users where uid = any($2::text[]) and ${ACTIVE} order by uid),
      journal as (insert into chat_block_call_journal (method, path, blocker_uid, uids)
        select 'DELETE', '/users/' || uid || '/blockedusers', uid, $3::jsonb from blocker where $4::boolean returning 1),
      removed as (delete from chat_blocks b using known
        where b.blocker_uid = $1 and b.blocked_uid = known.uid returning b.blocked_uid)
      select exists (select 1 from blocker) as "blockerFound",
        array(select uid from known) as "known",
        array(select blocked_uid from removed) as "changed"`,
  }),
};
