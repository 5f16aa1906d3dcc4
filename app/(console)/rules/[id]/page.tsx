import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { RuleEditor } from "@/components/rules/rule-editor";
import { formValuesOf } from "@/components/rules/rule-form-values";
import { RuleRevisions } from "@/components/rules/rule-revisions";
import { RuleSwitch } from "@/components/rules/rule-switch";
import { TestResult } from "@/components/rules/test-result";
import { Badge } from "@/components/ui/badge";
import { Fact, Facts } from "@/components/ui/facts";
import { PageProblem } from "@/components/ui/page-problem";
import { requireOperator } from "@/lib/auth/session";
import { ChatApiError } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { formatCount } from "@/lib/format/numbers";
import { describeRule, draftOf } from "@/lib/rules/draft";
import { listChoicesOf, listNamesOf, ruleDetail } from "@/lib/rules/queries";
import { testSummaryOf } from "@/lib/rules/store";
import { can } from "@/lib/roles";
import { hrefOf } from "@/lib/url-state";

export const metadata: Metadata = { title: "Rule" };

/** One rule: its state and switch, what it is in words, its form, its latest test and its revisions. */
export default async function RulePage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperator("rules.read");
  const canManage = can(operator.role, "rules.manage");
  const ruleId = decodeURIComponent((await params).id);
  let detail;
  try {
    detail = await ruleDetail(await getDb(), ruleId);
  } catch (error) {
    if (error instanceof ChatApiError)
      return (
        <PageProblem
          heading={`Rule ${ruleId}`}
          tone={error.status === 404 ? "warning" : "error"}
          message={
            error.status === 404
              ? "The chat service has no rule with this id."
              : `The rule could not be read: ${error.userMessage}`
          }
        />
      );
    throw error;
  }
  const { rule, lists, revisions, blocked24h, currentTest, latestTest, editable } = detail;
  const described = describeRule(rule, listNamesOf(lists));

  return (
    <div className="space-y-8">
      <p className="text-sm">
        <AppLink href="/rules" className="text-brand-700 underline">
          Rules
        </AppLink>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{rule.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone={rule.enabled ? "success" : "neutral"}>{rule.enabled ? "Enabled" : "Disabled"}</Badge>
            {rule.default && <Badge>Vendor&apos;s rule</Badge>}
            <span className="font-mono text-xs">{rule.id}</span>
          </p>
        </div>
        {canManage && (
          <RuleSwitch
            ruleId={rule.id}
            name={rule.name}
            enabled={rule.enabled}
            action={described.action}
            test={currentTest ? testSummaryOf(currentTest) : null}
          />
        )}
      </div>

      <Facts>
        <Fact term="Looks for">
          <ul>
            {described.conditions.map((condition, index) => (
              <li key={index}>{condition}</li>
            ))}
          </ul>
        </Fact>
        <Fact term="Applies to">{described.filters.length === 0 ? "Every message" : described.filters.join("; ")}</Fact>
        <Fact term="Does">{described.action}</Fact>
        <Fact term="Blocked, last 24 hours">
          <AppLink
            href={hrefOf("/reports/blocked", { rule: rule.id, status: "all" })}
            className="text-brand-700 underline"
          >
            {formatCount(blocked24h)}
          </AppLink>
        </Fact>
        {rule.description && <Fact term="Description">{rule.description}</Fact>}
        <Fact term="Revision">
          <span className="font-mono text-xs">{rule.revisionId ?? "Not given"}</span>
        </Fact>
      </Facts>

      {canManage && editable ? (
        <section aria-labelledby="edit-heading" className="space-y-3">
          <h2 id="edit-heading" className="text-lg font-semibold text-slate-900">
            Change and test
          </h2>
          <RuleEditor
            ruleId={rule.id}
            initial={formValuesOf(draftOf(rule))}
            wordLists={listChoicesOf(lists, "word")}
            patternLists={listChoicesOf(lists, "pattern")}
            lastTest={currentTest}
          />
        </section>
      ) : (
        <>
          {!editable && (
            <p className="text-sm text-slate-700">
              This is one of the vendor&apos;s rules, or it uses conditions the console does not edit: it can be
              switched on and off here, and changed in the vendor&apos;s dashboard.
            </p>
          )}
          {latestTest && <TestResult test={latestTest} stale={latestTest.id !== currentTest?.id} />}
        </>
      )}

      <section aria-labelledby="revisions-heading" className="space-y-3">
        <h2 id="revisions-heading" className="text-lg font-semibold text-slate-900">
          Revisions
        </h2>
        <RuleRevisions revisions={revisions} listNames={listNamesOf(lists)} />
      </section>
    </div>
  );
}
