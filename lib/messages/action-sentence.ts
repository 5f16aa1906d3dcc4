import type { ChatMessage } from "@/lib/chat-api/schemas";

type Loose = Record<string, unknown>;

/** Records come from another service: every level is checked before it is read. */
function asRecord(value: unknown): Loose | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/**
 * What to call an entity of a message (`{ entity, entityType }`, or the bare entity): its name,
 * else its UID or GUID; undefined when it names nothing.
 */
export function entityLabel(value: unknown): string | undefined {
  const wrapper = asRecord(value);
  const entity = asRecord(wrapper?.entity) ?? wrapper;
  if (!entity) return undefined;
  return nonEmpty(entity.name) ?? nonEmpty(entity.uid) ?? nonEmpty(entity.guid);
}

/**
 * A sentence for an action message (category "action"), such as "Admin kicked Alice from Hiking Group";
 * undefined for any other message. A missing actor or subject reads as "Someone"/"someone" and a
 * missing group is left out, so that a partial record still gives a sentence.
 */
export function describeAction(message: ChatMessage): string | undefined {
  const record = asRecord(message);
  if (record?.category !== "action") return undefined;
  const data = asRecord(record.data);
  const action = nonEmpty(data?.action);
  if (!action) return undefined;

  const entities = asRecord(data?.entities);
  const by = entityLabel(entities?.by);
  const on = entityLabel(entities?.on);
  const target = entityLabel(entities?.for);
  const actor = by ?? "Someone";
  const subject = on ?? "someone";
  const where = (preposition: string) => (target ? ` ${preposition} ${target}` : "");

  switch (action) {
    case "joined":
    case "left":
      // The member who joins or leaves is both by and on; either one names them.
      return `${by ?? on ?? "Someone"} ${action}${target ? ` ${target}` : ""}`;
    case "added":
      return `${actor} added ${subject}${where("to")}`;
    case "kicked":
    case "banned":
      return `${actor} ${action} ${subject}${where("from")}`;
    case "unbanned":
      return `${actor} unbanned ${subject}${where("in")}`;
    case "scopeChanged": {
      const newScope = nonEmpty(data?.scope) ?? nonEmpty(data?.newScope);
      const oldScope = nonEmpty(data?.oldScope);
      const from = oldScope ? ` from ${oldScope}` : "";
      const to = newScope ? ` to ${newScope}` : "";
      return `${actor} changed ${subject}'s scope${from}${to}${where("in")}`;
    }
    default:
      return `${actor} ${action}${on ? ` ${on}` : ""}${where("in")}`;
  }
}
