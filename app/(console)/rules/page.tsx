import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { ListsTable } from "@/components/rules/lists-table";
import { RaidAlertsList } from "@/components/rules/raid-alerts-list";
import { RulesTable } from "@/components/rules/rules-table";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { PageProblem } from "@/components/ui/page-problem";
import { requireOperator } from "@/lib/auth/session";
import { ChatApiError } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { listNamesOf, rulesOverview } from "@/lib/rules/queries";
import { can } from "@/lib/roles";

export const metadata: Metadata = { title: "Rules" };

/**
 * The chat service's moderation rules: what each looks for, whom it applies to, what it does and
 * what it blocked; the lists of words and patterns they use; and the raid alerts raised.
 */
export default async function RulesPage() {
  const operator = await requireOperator("rules.read");
  const canManage = can(operator.role, "rules.manage");
  const db = await getDb();
  let overview;
  try {
    overview = await rulesOverview(db);
  } catch (error) {
    if (error instanceof ChatApiError)
      return <PageProblem heading="Rules" tone="error" message={`The rules could not be read: ${error.userMessage}`} />;
    throw error;
  }
  const { rows, lists, alerts } = overview;
  const { raidAlert } = getEnv();

  return (
    <div className="space-y-8">
      <PageHeader title="Rules">
        The chat service checks every message against its enabled rules before delivering it: a message a rule matches
        is held for review under “Blocked messages”, or dropped. Test a rule against past messages before you enable it.
      </PageHeader>

      <section aria-labelledby="rules-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
            Rules
          </h2>
          {canManage && (
            <AppLink href="/rules/new" className={buttonClasses()}>
              New rule
            </AppLink>
          )}
        </div>
        <RulesTable rows={rows} listNames={listNamesOf(lists)} />
      </section>

      <section aria-labelledby="lists-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="lists-heading" className="text-lg font-semibold text-slate-900">
            Lists
          </h2>
          {canManage && (
            <AppLink href="/rules/lists/new" className={buttonClasses("secondary")}>
              New list
            </AppLink>
          )}
        </div>
        <ListsTable lists={lists} canEdit={canManage} />
      </section>

      <section aria-labelledby="alerts-heading" className="space-y-3">
        <h2 id="alerts-heading" className="text-lg font-semibold text-slate-900">
          Raid alerts raised
        </h2>
        <p className="text-sm text-slate-700">
          Raised when, in one group, at least {raidAlert.messages} messages from at least {raidAlert.senders} accounts
          are blocked or reported within {raidAlert.minutes} minutes.
        </p>
        <RaidAlertsList alerts={alerts} />
      </section>
    </div>
  );
}
