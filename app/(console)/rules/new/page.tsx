import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { RuleEditor } from "@/components/rules/rule-editor";
import { formValuesOf } from "@/components/rules/rule-form-values";
import { PageHeader } from "@/components/ui/page-header";
import { PageProblem } from "@/components/ui/page-problem";
import { requireOperator } from "@/lib/auth/session";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { listChoicesOf } from "@/lib/rules/queries";

export const metadata: Metadata = { title: "New rule" };

/** "New rule": written in a moderator's words, tested against past messages, saved switched off. */
export default async function NewRulePage() {
  await requireOperator("rules.manage");
  let lists;
  try {
    lists = (await chatApi().listKeywordLists()).data;
  } catch (error) {
    if (error instanceof ChatApiError)
      return (
        <PageProblem heading="New rule" tone="error" message={`The lists could not be read: ${error.userMessage}`} />
      );
    throw error;
  }
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <AppLink href="/rules" className="text-brand-700 underline">
          Rules
        </AppLink>
      </p>
      <PageHeader title="New rule">
        Say what the rule looks for, whom it applies to and what it does; test it against past messages to see what it
        would catch. It is saved switched off: enable it from its page.
      </PageHeader>
      <RuleEditor
        initial={formValuesOf(undefined)}
        wordLists={listChoicesOf(lists, "word")}
        patternLists={listChoicesOf(lists, "pattern")}
      />
    </div>
  );
}
