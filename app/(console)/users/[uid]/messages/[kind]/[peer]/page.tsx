import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { notFound } from "next/navigation";
import { MessagesList } from "@/components/messages/messages-list";
import { Uid } from "@/components/ui/uid";
import { requireOperator } from "@/lib/auth/session";
import { peerName, readMessages } from "@/lib/messages/queries";
import { can } from "@/lib/roles";
import { uidSchema } from "@/lib/validation/uid";
import { conversationMessagesHref, groupHref, messageCursorOf, type SearchParams } from "@/lib/url-state";

type Props = {
  params: Promise<{ uid: string; kind: string; peer: string }>;
  searchParams: Promise<SearchParams>;
};

/** The owner and the other side from the path, or null when either is not a UID or the kind is unknown. */
function conversationOf({ uid, kind, peer }: { uid: string; kind: string; peer: string }) {
  const owner = uidSchema.safeParse(uid);
  const other = uidSchema.safeParse(peer);
  if (!owner.success || !other.success || (kind !== "user" && kind !== "group")) return null;
  return { owner: owner.data, peer: { kind, id: other.data } as const };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { uid, peer } = await params;
  return { title: `Messages: ${uid} with ${peer}` };
}

/** "Messages": one conversation of a user, as that user sees it, newest first. */
export default async function ConversationMessagesPage({ params, searchParams }: Props) {
  const operator = await requireOperator("users.read");
  const conversation = conversationOf(await params);
  if (!conversation) notFound();
  const { owner, peer } = conversation;
  const cursor = messageCursorOf((await searchParams).cursor);
  const [view, name] = await Promise.all([
    readMessages(
      peer.kind === "user" ? { kind: "user", owner, uid: peer.id } : { kind: "group", owner, guid: peer.id },
      cursor,
    ),
    peerName(peer),
  ]);

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <AppLink
          href={`/users/${encodeURIComponent(owner)}#conversations`}
          className="text-sm text-brand-700 underline"
        >
          Back to the conversations of {owner}
        </AppLink>
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          Messages with {name ?? peer.id}
        </h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-600">As seen by</dt>
          <dd className="min-w-0">
            <Uid uid={owner} />
          </dd>
          <dt className="text-slate-600">{peer.kind === "user" ? "With" : "In the group"}</dt>
          <dd className="min-w-0">
            {peer.kind === "user" ? (
              <Uid uid={peer.id} name={name} />
            ) : (
              <AppLink href={groupHref(peer.id)} className="text-brand-700 underline [overflow-wrap:anywhere]">
                {name ?? peer.id} ({peer.id})
              </AppLink>
            )}
          </dd>
        </dl>
      </div>
      <MessagesList
        heading="Messages, newest first"
        id="messages"
        view={view}
        href={(next) => conversationMessagesHref(owner, peer, next)}
        owner={owner}
        canDelete={can(operator.role, "messages.delete")}
        canDeletePermanently={can(operator.role, "messages.delete.permanent")}
      />
    </div>
  );
}
