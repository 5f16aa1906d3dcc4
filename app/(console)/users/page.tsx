import type { Metadata } from "next";
import { GroupSearchResults } from "@/components/groups/group-search-results";
import { Alert } from "@/components/ui/alert";
import { LookUpForm } from "@/components/users/look-up-form";
import { SearchUsersForm } from "@/components/users/search-users-form";
import { UserSearchResults } from "@/components/users/user-search-results";
import { requireOperator } from "@/lib/auth/session";
import { searchGroups } from "@/lib/groups/queries";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { userSearchSchema } from "@/lib/users/schemas";
import { PageHeader } from "@/components/ui/page-header";
import { firstOf, pageOf, usersSearchHref, type SearchParams } from "@/lib/url-state";

export const metadata: Metadata = { title: "Users" };

const RESULTS_PER_PAGE = 25;

type Props = { searchParams: Promise<SearchParams> };

async function searchUsers(search: string, page: number) {
  try {
    const answer = await chatApi().listUsers({
      searchKey: search,
      searchIn: ["uid", "name"],
      page,
      perPage: RESULTS_PER_PAGE,
    });
    return { users: answer.data.data, pagination: answer.data.meta?.pagination };
  } catch (error) {
    if (error instanceof ChatApiError) return { error: error.userMessage };
    throw error;
  }
}

export default async function UsersPage({ searchParams }: Props) {
  await requireOperator("users.read");
  const params = await searchParams;
  const typed = firstOf(params.search);
  const parsed = typed === undefined ? null : userSearchSchema.safeParse({ search: typed });
  const page = pageOf(params.page);
  // Groups are searched beside the users on the first page only: the pages are the users'.
  const [found, groups] = parsed?.success
    ? await Promise.all([searchUsers(parsed.data.search, page), page === 1 ? searchGroups(parsed.data.search) : null])
    : [null, null];

  return (
    <div className="space-y-8">
      <PageHeader title="Users">
        Find a chat user by name or UID to see their conversations, edit their tags and manage blocks; groups whose name
        or GUID matches are listed too.
      </PageHeader>
      <SearchUsersForm
        defaultValue={typed ?? ""}
        error={parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined}
      />
      {found && "error" in found && <Alert tone="error">{found.error}</Alert>}
      {found && parsed?.success && !("error" in found) && (
        <UserSearchResults
          search={parsed.data.search}
          users={found.users}
          pagination={found.pagination}
          href={(next) => usersSearchHref(parsed.data.search, next)}
        />
      )}
      {groups && parsed?.success && <GroupSearchResults search={parsed.data.search} view={groups} />}
      <section aria-labelledby="look-up-heading" className="space-y-3 border-t border-slate-200 pt-6">
        <h2 id="look-up-heading" className="text-lg font-semibold">
          Go to a UID
        </h2>
        <LookUpForm />
      </section>
    </div>
  );
}
