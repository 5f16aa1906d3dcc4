import type { JobKind } from "@/lib/incidents/job-kind";
import { parseMessageItem } from "@/lib/incidents/job-kinds";
import { oneByOne, settledFrom } from "@/lib/incidents/kind-calls";
import { SETTLEMENT_KINDS } from "@/lib/settlements/kinds";

/** Deleting messages as a job (soft, as the vendor's default): one message a call, each item a message and its sender. */

const idOf = (item: string) => parseMessageItem(item).messageId;

export const deleteMessagesJobKind: JobKind = {
  send: (client, job, [item]) =>
    oneByOne(job, item!, async () => {
      const answer = await client.deleteMessage(idOf(item!), { permanent: false });
      return { status: answer.status, message: "Deleted: the message is kept as deleted by the chat service." };
    }),
  reconcile: async (client, job, items) =>
    settledFrom(job, items, await SETTLEMENT_KINDS.delete_message.read(client, null, items.map(idOf)), idOf),
  // The log's UID index names the account whose message was deleted.
  affected: (items) => [...new Set(items.map((item) => parseMessageItem(item).sender))],
  itemsName: "messages",
};
