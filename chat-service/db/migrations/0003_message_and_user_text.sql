-- The records the service answers with, as JSON text written once per change rather than built per
-- read (./records.ts reads them). IMMUTABLE, as a stored column's expression must be: each depends only
-- on its arguments (to_json of text and jsonb's text do not depend on any setting).

-- A user as an entity of a message (contract 2.2), less the reader's conversationId: avatar, link and
-- updatedAt only when set, as the vendor leaves them out.
CREATE FUNCTION chat_user_entity(uid text, name text, role text, avatar text, status text, created_at bigint,
  link text, updated_at bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select '{"uid":' || to_json(uid)::text || ',"name":' || to_json(name)::text || ',"role":' || to_json(role)::text
    || case when coalesce(avatar, '') = '' then '' else ',"avatar":' || to_json(avatar)::text end
    || ',"status":' || to_json(status)::text || ',"createdAt":' || created_at
    || case when coalesce(link, '') = '' then '' else ',"link":' || to_json(link)::text end
    || case when coalesce(updated_at, 0) = 0 then '' else ',"updatedAt":' || updated_at end
    || '}'
$$;
--> statement-breakpoint
-- A message's record (contract 2.2) up to its data's entities, after the entities it names. First, for
-- each entity, its name in data.entities, its kind (user or group) and its id, each followed by the
-- unit separator (U+001F, which JSON text never holds unescaped): a message's sender and receiver; an
-- action's by, on and for (its forType, or a group). Then the record as JSON text without its two
-- closing braces, its data last and open for one more member: data less `entities` (and an action's
-- by, on, for and forType, which become entities), ending in "," or, when empty, in "{".
CREATE FUNCTION chat_message_record_source(id bigint, conversation_id text, sender text, receiver_type text,
  receiver text, category text, type text, data jsonb, receipts jsonb, sent_at bigint, updated_at bigint,
  deleted_at bigint, deleted_by text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select
    case when category = 'action' then
        case when coalesce(data->>'by', '') = '' then '' else E'by\x1fuser\x1f' || (data->>'by') || E'\x1f' end
        || case when coalesce(data->>'on', '') = '' then '' else E'on\x1fuser\x1f' || (data->>'on') || E'\x1f' end
        || case when coalesce(data->>'for', '') = '' then ''
           else E'for\x1f' || coalesce(data->>'forType', 'group') || E'\x1f' || (data->>'for') || E'\x1f' end
      else E'sender\x1fuser\x1f' || sender || E'\x1freceiver\x1f' || receiver_type || E'\x1f' || receiver || E'\x1f'
    end
    || '{"id":"' || id || '","conversationId":' || to_json(conversation_id)::text
    || ',"sender":' || to_json(sender)::text || ',"receiverType":' || to_json(receiver_type)::text
    || ',"receiver":' || to_json(receiver)::text || ',"category":' || to_json(category)::text
    || ',"type":' || to_json(type)::text || ',"sentAt":' || sent_at || ',"updatedAt":' || updated_at
    || case when deleted_at is null then ''
       else ',"deletedAt":' || deleted_at || ',"deletedBy":' || coalesce(to_json(deleted_by)::text, 'null') end
    || ',"receipts":{"data":' || case when jsonb_array_length(receipts) > 0 then '[' || receipts::text || ']' else '[]' end
    || '},"data":'
    || (select case when kept = '{}'::jsonb then '{' else left(kept::text, -1) || ',' end
        from (select case when category = 'action' then data - 'by' - 'on' - 'for' - 'forType' - 'entities'
          else data - 'entities' end as kept) as data_kept)
$$;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "record_source" text GENERATED ALWAYS AS (chat_message_record_source(id, conversation_id, sender, receiver_type, receiver, category, type, data, receipts, sent_at, updated_at, deleted_at, deleted_by)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_users" ADD COLUMN "entity" text GENERATED ALWAYS AS (chat_user_entity(uid, name, role, avatar, status, created_at, link, updated_at)) STORED NOT NULL;