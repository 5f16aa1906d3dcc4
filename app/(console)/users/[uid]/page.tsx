import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RecentActions } from "@/components/audit/recent-actions";
import { BlockPanel } from "@/components/blocking/block-panel";
import { BlockedUsersTable } from "@/components/blocking/blocked-users-table";
import { BlockSelected } from "@/components/blocking/block-selected";
import { conversationRows } from "@/components/conversations/conversation-rows";
import { ConversationsSection, type ConversationKindFilter } from "@/components/conversations/conversations-section";
import { SelectionProvider } from "@/components/ui/selection";
import { Alert } from "@/components/ui/alert";
import { OnThisPage } from "@/components/ui/on-this-page";
import { PageProblem } from "@/components/ui/page-problem";
import { NotesBadge } from "@/components/notes/notes-badge";
import { NotesSection } from "@/components/notes/notes-section";
import { LookUpForm } from "@/components/users/look-up-form";
import { AccountStateButton } from "@/components/users/account-state-button";
import { UserProfile } from "@/components/users/user-profile";
import { recentActionsOn } from "@/lib/audit/recent";
import { auditScopeOf } from "@/lib/audit/scope";
import { can } from "@/lib/roles";
import { requireOperator } from "@/lib/auth/session";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { uidSchema } from "@/lib/validation/uid";
import { getDb } from "@/lib/db/client";
import { expiriesOf } from "@/lib/timed-blocks/store";
import { readAccount } from "@/lib/users/account";
import { notesPage, type NotesPage } from "@/lib/notes/queries";
import type { OperatorSummary } from "@/lib/auth/operators";
import { hrefOf, pageOf, withChanges, type SearchParams } from "@/lib/url-state";

type Props = {
  params: Promise<{ uid: string }>;
  searchParams: Promise<SearchParams>;
};

const BLOCKED_PER_PAGE = 20;
const CONVERSATIONS_PER_PAGE = 20;

const kindOf = (value: SearchParams[string]): ConversationKindFilter =>
  value === "user" || value === "group" ? value : null;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await params).uid };
}

/** Reads from the chat service for the page; a failure becomes the moderator's message, not a crash. */
async function attempt<T>(read: () => Promise<T>): Promise<{ value: T } | { error: ChatApiError }> {
  try {
    return { value: await read() };
  } catch (error) {
    if (error instanceof ChatApiError) return { error };
    throw error;
  }
}

/** What the chat service holds of the user: their conversations and blocks, for the roles that look users up. */
async function ChatSections({
  uid,
  name,
  deactivated,
  operator,
  search,
}: {
  uid: string;
  name: string;
  deactivated: boolean;
  operator: OperatorSummary;
  search: SearchParams;
}) {
  const kind = kindOf(search.conversations);
  const conversationsPage = pageOf(search.conversationsPage);
  const blockedPage = pageOf(search.blockedPage);
  // The chat service answers nothing on a deactivated account's behalf: say why, rather than "no such user".
  const errorMessage = (error: ChatApiError) =>
    deactivated && error.code === "ERR_UID_NOT_FOUND"
      ? "This account is deactivated: the chat service answers nothing on its behalf until it is reactivated."
      : error.userMessage;
  const [conversations, blocked] = await Promise.all([
    attempt(() =>
      chatApi().listConversations(uid, {
        conversationType: kind ?? undefined,
        page: conversationsPage,
        perPage: CONVERSATIONS_PER_PAGE,
      }),
    ),
    attempt(() => chatApi().listBlockedUsers(uid, { page: blockedPage, perPage: BLOCKED_PER_PAGE })),
  ]);
  const withParams = (changes: Record<string, string | null>) =>
    hrefOf(`/users/${encodeURIComponent(uid)}`, withChanges(search, changes));
  const canBlock = can(operator.role, "users.block");
  return (
    <>
      <SelectionProvider>
        <ConversationsSection
          owner={{ id: uid, name: name }}
          listing={
            "error" in conversations
              ? { error: errorMessage(conversations.error) }
              : {
                  rows: conversationRows(conversations.value.data.data, uid),
                  pagination: conversations.value.data.meta?.pagination,
                }
          }
          kind={kind}
          href={(nextKind, nextPage) =>
            withParams({ conversations: nextKind, conversationsPage: nextPage > 1 ? String(nextPage) : null })
          }
          canEditTags={can(operator.role, "conversation.tags.update")}
          canBlock={canBlock}
          selectionActions={canBlock ? <BlockSelected blocker={uid} /> : undefined}
        />
      </SelectionProvider>
      {canBlock && (
        <div id="block" className="scroll-mt-4">
          <BlockPanel blocker={uid} />
        </div>
      )}
      <div id="blocked" className="scroll-mt-4">
        {"error" in blocked ? (
          <section aria-labelledby="blocked-heading" className="space-y-3">
            <h2 id="blocked-heading" className="text-lg font-semibold">
              Blocked by this user
            </h2>
            <Alert tone="error">{errorMessage(blocked.error)}</Alert>
          </section>
        ) : (
          <BlockedUsersTable
            blocker={uid}
            users={blocked.value.data.data}
            pagination={blocked.value.data.meta?.pagination}
            canUnblock={can(operator.role, "users.unblock")}
            expiries={Object.fromEntries(
              [...(await expiriesOf(await getDb(), uid))].map(([blocked, at]) => [blocked, at.toISOString()]),
            )}
            canChangeExpiry={can(operator.role, "users.block")}
            href={(page) => withParams({ blockedPage: page > 1 ? String(page) : null })}
          />
        )}
      </div>
    </>
  );
}

/** The notes on `uid`, kept by the console whether or not the chat service knows the UID. */
function Notes({
  uid,
  notes,
  operator,
  search,
}: {
  uid: string;
  notes: NotesPage;
  operator: OperatorSummary;
  search: SearchParams;
}) {
  return (
    <div id="notes" className="scroll-mt-4">
      <NotesSection
        uid={uid}
        notes={notes}
        viewer={{
          id: operator.id,
          canWrite: can(operator.role, "notes.write"),
          canChangeAny: can(operator.role, "notes.manage"),
        }}
        href={(page) =>
          hrefOf(
            `/users/${encodeURIComponent(uid)}`,
            withChanges(search, { notesPage: page > 1 ? String(page) : null }),
            "#notes",
          )
        }
      />
    </div>
  );
}

/**
 * A chat user's workspace. Every role reaches it: auditors read the profile, the notes and the log's
 * entries on the UID; the conversations and blocks are for the roles that look users up.
 */
export default async function UserWorkspacePage({ params, searchParams }: Props) {
  const operator = await requireOperator("notes.read");
  const canLookUp = can(operator.role, "users.read");
  // Next.js hands the segment over decoded: decoding it again would read "%" as an escape.
  const rawUid = (await params).uid;
  const parsed = uidSchema.safeParse(rawUid);
  if (!parsed.success) {
    return (
      <PageProblem
        heading="Not a valid UID"
        tone="error"
        message={`“${rawUid}” is not a UID. ${parsed.error.issues[0]?.message ?? ""}`.trim()}
      >
        {canLookUp && <LookUpForm />}
      </PageProblem>
    );
  }
  const uid = parsed.data;
  if (uid !== rawUid) redirect(`/users/${encodeURIComponent(uid)}`);

  const search = await searchParams;
  const auditScope = auditScopeOf(operator);
  const [profile, notes, recent] = await Promise.all([
    attempt(() => readAccount(uid)),
    notesPage(await getDb(), uid, pageOf(search.notesPage)),
    auditScope ? recentActionsOn(uid, auditScope) : null,
  ]);
  const notesShown = <Notes uid={uid} notes={notes} operator={operator} search={search} />;
  const recentShown = auditScope && recent && (
    <div id="recent-actions" className="scroll-mt-4">
      <RecentActions uid={uid} scope={auditScope} rows={recent} />
    </div>
  );
  if ("error" in profile) {
    const notFound = profile.error.kind === "not_found" && profile.error.code === "ERR_UID_NOT_FOUND";
    return (
      <div className="space-y-8">
        <PageProblem
          heading={notFound ? `No user with UID ${uid}` : `User ${uid}`}
          tone={notFound ? "warning" : "error"}
          message={
            notFound
              ? `The chat service has no user with UID ${uid}. Check the UID and look it up again; notes on this UID are kept below.`
              : profile.error.userMessage
          }
        >
          {canLookUp && <LookUpForm defaultUid={uid} />}
        </PageProblem>
        {notesShown}
        {recentShown}
      </div>
    );
  }

  const { user, deactivated } = profile.value;
  const canBlock = can(operator.role, "users.block");
  const sections = [
    { id: "notes", label: "Notes" },
    ...(canLookUp ? [{ id: "conversations", label: "Conversations" }] : []),
    ...(canBlock ? [{ id: "block", label: "Block users" }] : []),
    ...(canLookUp ? [{ id: "blocked", label: "Blocked by this user" }] : []),
    ...(auditScope ? [{ id: "recent-actions", label: "Recent actions" }] : []),
  ];

  return (
    <div className="space-y-8">
      <UserProfile
        user={user}
        raw={profile.value.raw}
        deactivated={deactivated}
        badges={<NotesBadge count={notes.total} />}
        accountControl={
          can(operator.role, "users.deactivate") && (
            <AccountStateButton uid={uid} name={user.name} deactivated={deactivated !== null} />
          )
        }
      />
      <OnThisPage sections={sections} />
      {notesShown}
      {canLookUp && (
        <ChatSections
          uid={uid}
          name={user.name}
          deactivated={deactivated !== null}
          operator={operator}
          search={search}
        />
      )}
      {recentShown}
    </div>
  );
}
