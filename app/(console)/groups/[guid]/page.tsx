import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GroupProfile } from "@/components/groups/group-profile";
import { GroupUsersTable } from "@/components/groups/group-users-table";
import { MessagesList } from "@/components/messages/messages-list";
import { OnThisPage } from "@/components/ui/on-this-page";
import { PageProblem } from "@/components/ui/page-problem";
import { requireOperator } from "@/lib/auth/session";
import { readBannedUsers, readGroup, readGroupMembers } from "@/lib/groups/queries";
import { guidSchema } from "@/lib/groups/schemas";
import { readMessages } from "@/lib/messages/queries";
import { can } from "@/lib/roles";
import {
  groupHref,
  messageCursorOf,
  messageCursorParam,
  pageOf,
  withChanges,
  type SearchParams,
} from "@/lib/url-state";

type Props = {
  params: Promise<{ guid: string }>;
  searchParams: Promise<SearchParams>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Group ${(await params).guid}` };
}

const SECTIONS = [
  { id: "members", label: "Members" },
  { id: "banned", label: "Banned users" },
  { id: "messages", label: "Messages" },
];

/** A group's page: the group, its members and banned users (kick, ban, unban), and its messages. */
export default async function GroupPage({ params, searchParams }: Props) {
  const operator = await requireOperator("users.read");
  const parsed = guidSchema.safeParse((await params).guid);
  if (!parsed.success) notFound();
  const guid = parsed.data;
  const search = await searchParams;
  const cursor = messageCursorOf(search.cursor);
  const [group, members, banned, messages] = await Promise.all([
    readGroup(guid),
    readGroupMembers(guid, pageOf(search.membersPage)),
    readBannedUsers(guid, pageOf(search.bannedPage)),
    readMessages({ kind: "group", guid }, cursor),
  ]);
  if ("error" in group) {
    const missing = group.error.code === "ERR_GUID_NOT_FOUND";
    return (
      <PageProblem
        heading={missing ? `No group with GUID ${guid}` : `Group ${guid}`}
        tone={missing ? "warning" : "error"}
        message={missing ? `The chat service has no group with GUID ${guid}.` : group.error.userMessage}
      />
    );
  }

  const canManage = can(operator.role, "groups.members.manage");
  const about = { guid, name: group.group.name ?? null, owner: group.group.owner ?? null };
  const href = (changes: Record<string, string | null>, hash: string) =>
    groupHref(guid, withChanges(search, changes), hash);
  return (
    <div className="space-y-8">
      <GroupProfile group={group.group} raw={group.raw} />
      <OnThisPage sections={SECTIONS} />
      <GroupUsersTable
        id="members"
        heading="Members"
        timeLabel="Joined"
        view={members}
        group={about}
        actions={canManage ? ["kick", "ban"] : []}
        href={(page) => href({ membersPage: page > 1 ? String(page) : null }, "#members")}
      />
      <GroupUsersTable
        id="banned"
        heading="Banned users"
        timeLabel="Banned"
        view={banned}
        group={about}
        actions={canManage ? ["unban"] : []}
        href={(page) => href({ bannedPage: page > 1 ? String(page) : null }, "#banned")}
      />
      <MessagesList
        heading="Messages"
        id="messages"
        view={messages}
        href={(next) => href({ cursor: next ? messageCursorParam(next) : null }, "#messages")}
        canDelete={can(operator.role, "messages.delete")}
        canDeletePermanently={can(operator.role, "messages.delete.permanent")}
      />
    </div>
  );
}
