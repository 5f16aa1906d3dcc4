import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { KeywordListForm } from "@/components/rules/keyword-list-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "New list" };

/** "New list": words or patterns that rules can name. */
export default async function NewListPage() {
  await requireOperator("rules.manage");
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <AppLink href="/rules" className="text-brand-700 underline">
          Rules
        </AppLink>
      </p>
      <PageHeader title="New list">
        Words or patterns a rule can look for. A rule that names the list matches its new terms from the next message
        on.
      </PageHeader>
      <KeywordListForm initial={{ name: "", description: "", category: "word", terms: "" }} />
    </div>
  );
}
