import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { KeywordListForm } from "@/components/rules/keyword-list-form";
import { PageHeader } from "@/components/ui/page-header";
import { PageProblem } from "@/components/ui/page-problem";
import { requireOperator } from "@/lib/auth/session";
import { chatApi, ChatApiError } from "@/lib/chat-api";

export const metadata: Metadata = { title: "List" };

/** A list's terms, to change: every rule that names it matches the new terms from the next message on. */
export default async function ListPage({ params }: { params: Promise<{ id: string }> }) {
  await requireOperator("rules.manage");
  const listId = decodeURIComponent((await params).id);
  let lists;
  try {
    lists = (await chatApi().listKeywordLists()).data;
  } catch (error) {
    if (error instanceof ChatApiError)
      return <PageProblem heading="List" tone="error" message={`The lists could not be read: ${error.userMessage}`} />;
    throw error;
  }
  const list = lists.find((candidate) => candidate.id === listId);
  if (!list || (list.category !== "word" && list.category !== "pattern"))
    return (
      <PageProblem
        heading={`List ${listId}`}
        tone="warning"
        message="The chat service has no list of words or patterns with this id."
      />
    );
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <AppLink href="/rules" className="text-brand-700 underline">
          Rules
        </AppLink>
      </p>
      <PageHeader title={list.name}>
        {list.searchTerms.length} {list.category === "pattern" ? "patterns" : "words"}. Every rule that names this list
        matches its terms as saved here from the next message on.
      </PageHeader>
      <KeywordListForm
        listId={list.id}
        initial={{
          name: list.name,
          description: list.description ?? "",
          category: list.category,
          terms: list.searchTerms.join(list.category === "pattern" ? "\n" : ", "),
        }}
      />
    </div>
  );
}
