import { readConversation } from "@/lib/conversations/read";
import { queryOf, readRoute } from "@/lib/reads/route";
import { conversationKeySchema } from "@/lib/conversations/schemas";

export const dynamic = "force-dynamic";

const read = readRoute({
  permission: "users.read",
  describe: "read conversations",
  params: conversationKeySchema,
  read: readConversation,
});

/** One owner's copy of a conversation (`?onBehalfOf=&kind=user|group&peer=`), for the tags editor. */
export async function GET(request: Request) {
  return read(queryOf(request));
}
