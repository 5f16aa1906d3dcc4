import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RecentActions } from "@/components/audit/recent-actions";
import { BlockPanel } from "@/components/blocking/block-panel";
import { BlockedUsersTable } from "@/components/blocking/blocked-users-table";
import { ConversationTagsPanel } from "@/components/conversations/conversation-tags-panel";
import { Alert } from "@/components/ui/alert";
import { LookUpForm } from "@/components/users/look-up-form";
import { UserProfile } from "@/components/users/user-profile";
import { auditScopeOf } from "@/lib/audit/scope";
import { can } from "@/lib/auth/roles";
import { requireOperator } from "@/lib/auth/session";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { uidSchema } from "@/lib/schemas/uid";

type Props = {
  params: Promise<{ uid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const BLOCKED_PER_PAGE = 20;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).uid) };
}

function pageNumber(value: string | string[] | undefined): number {
  const page = Number(typeof value === "string" ? value : 1);
  return Number.isInteger(page) && page >= 1 ? page : 1;
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

export default async function UserWorkspacePage({ params, searchParams }: Props) {
  const operator = await requireOperator("users.read");
  const rawUid = decodeURIComponent((await params).uid);
  const parsed = uidSchema.safeParse(rawUid);
  if (!parsed.success) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold tracking-tight">Not a valid UID</h1>
        <Alert tone="error">
          “{rawUid}” is not a UID. {parsed.error.issues[0]?.message}
        </Alert>
        <LookUpForm />
      </div>
    );
  }
  const uid = parsed.data;
  if (uid !== rawUid) redirect(`/users/${encodeURIComponent(uid)}`);

  const profile = await attempt(() => chatApi().getUser(uid));
  if ("error" in profile) {
    const notFound = profile.error.kind === "not_found" && profile.error.code === "ERR_UID_NOT_FOUND";
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold tracking-tight">
          {notFound ? `No user with UID ${uid}` : `User ${uid}`}
        </h1>
        <Alert tone={notFound ? "warning" : "error"}>
          {notFound
            ? `The chat service has no user with UID ${uid}. Check the UID and look it up again.`
            : profile.error.userMessage}
        </Alert>
        <LookUpForm defaultUid={uid} />
      </div>
    );
  }

  const page = pageNumber((await searchParams).blockedPage);
  const auditScope = auditScopeOf(operator);
  const blocked = await attempt(() => chatApi().listBlockedUsers(uid, { page, perPage: BLOCKED_PER_PAGE }));

  return (
    <div className="space-y-8">
      <UserProfile user={profile.value.data} raw={profile.value.raw} />
      {can(operator.role, "conversation.tags.update") && <ConversationTagsPanel uid={uid} />}
      {can(operator.role, "users.block") && <BlockPanel blocker={uid} />}
      {"error" in blocked ? (
        <section aria-labelledby="blocked-heading" className="space-y-3">
          <h2 id="blocked-heading" className="text-lg font-semibold">
            Blocked by this user
          </h2>
          <Alert tone="error">{blocked.error.userMessage}</Alert>
        </section>
      ) : (
        <BlockedUsersTable
          blocker={uid}
          users={blocked.value.data.data}
          pagination={blocked.value.data.meta?.pagination}
          canUnblock={can(operator.role, "users.unblock")}
          basePath={`/users/${encodeURIComponent(uid)}`}
          pageParam="blockedPage"
        />
      )}
      {auditScope && <RecentActions uid={uid} scope={auditScope} />}
    </div>
  );
}
