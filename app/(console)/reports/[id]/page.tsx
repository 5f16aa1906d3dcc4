import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { notFound } from "next/navigation";
import { ClaimBanner } from "@/components/reports/claim-banner";
import { DecisionPanel } from "@/components/reports/decision-panel";
import { MessageText } from "@/components/ui/message-text";
import { ReportContext } from "@/components/reports/report-context";
import { ReportReporters } from "@/components/reports/report-reporters";
import { ReportSender } from "@/components/reports/report-sender";
import { ReportStatus } from "@/components/reports/report-status";
import { NoteSummary } from "@/components/notes/note-summary";
import { Alert } from "@/components/ui/alert";
import { RawJson } from "@/components/ui/raw-json";
import { Time } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DECISION_WORDS } from "@/lib/reports/decision-store";
import { openReportsOfSender, reportById } from "@/lib/reports/queries";
import { reportDetail } from "@/lib/reports/report-detail";
import { messageIdSchema } from "@/lib/reports/schemas";
import { noteSummary } from "@/lib/notes/queries";
import { decidingJobs } from "@/lib/reports/decision-job";
import { can } from "@/lib/roles";
import { groupHref, reportsHref } from "@/lib/url-state";

export const metadata: Metadata = { title: "Report" };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One reported message: what was written and around it, who sent it and who reported it, and the decision. */
export default async function ReportPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperator("reports.read");
  const parsed = messageIdSchema.safeParse(decodeURIComponent((await params).id));
  if (!parsed.success) notFound();
  const db = await getDb();
  const report = await reportById(db, parsed.data);
  if (!report) notFound();
  const [detail, senderNotes] = await Promise.all([
    reportDetail(report),
    can(operator.role, "notes.read") ? noteSummary(db, report.senderUid) : null,
  ]);
  const canDecide = can(operator.role, "reports.decide");
  const open = report.status === "open";
  const claimed = report.claimExpiresAt && report.claimExpiresAt > new Date() ? report.claimedByName : null;
  const decidingJobId =
    report.status === "deciding" && report.decisionOperationId
      ? (await decidingJobs(db, [report.decisionOperationId])).get(report.decisionOperationId)
      : undefined;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <AppLink href={reportsHref({})} className="text-sm text-brand-700 underline underline-offset-2">
          Back to the reports
        </AppLink>
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          Report of message {report.messageId}
        </h1>
        <ReportStatus report={{ ...report, claimedByName: claimed, decidingJobId }} />
        {canDecide && open && <ClaimBanner messageId={report.messageId} />}
        {!open && report.decidedByName && (
          <p className="text-sm text-slate-700">
            {report.decidedByName} {report.decision ? DECISION_WORDS[report.decision] : "decided on it"}{" "}
            {report.decidedAt && <Time at={report.decidedAt} />}
            {report.decisionReason && <> — {report.decisionReason}</>}
          </p>
        )}
      </div>

      <Section id="report-message" title="Message">
        <MessageText text={report.text} className="text-base text-slate-900" />
        <p className="text-sm text-slate-600">
          Sent <Time at={report.sentAt} />{" "}
          {report.receiverType === "group" ? (
            <>
              in the group{" "}
              <AppLink
                href={groupHref(report.receiverId)}
                className="text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere]"
              >
                {report.receiverName} ({report.receiverId})
              </AppLink>{" "}
              (
              <AppLink
                href={reportsHref({ group: report.receiverId })}
                className="text-brand-700 underline underline-offset-2"
              >
                its reports
              </AppLink>
              )
            </>
          ) : (
            <>
              as a direct message to <Uid uid={report.receiverId} name={report.receiverName} />
            </>
          )}
        </p>
        <RawJson value={report.message} summary="The message as the chat service sent it" />
      </Section>

      <Section id="report-sender" title="Sender">
        <ReportSender
          sender={{ uid: report.senderUid, name: report.senderName, createdAt: report.senderCreatedAt }}
          standing={detail.sender}
          groupName={report.receiverType === "group" ? report.receiverName : null}
          notes={senderNotes && <NoteSummary uid={report.senderUid} {...senderNotes} />}
        />
      </Section>

      <Section id="report-reporters" title="Reporters">
        <ReportReporters reporters={report.reporters} standing={detail.sender} />
      </Section>

      <Section id="report-context" title="Context">
        <ReportContext
          context={detail.context}
          reported={{
            id: report.messageId,
            sender: report.senderUid,
            senderName: report.senderName,
            sentAt: report.sentAt ? Math.floor(report.sentAt.getTime() / 1000) : undefined,
            text: report.text,
            deleted: false,
          }}
        />
      </Section>

      {canDecide && (
        <Section id="report-decide" title={open ? "Decide" : "Decision"}>
          {!open && <ReportStatus report={{ ...report, claimedByName: null, decidingJobId }} />}
          <DecisionPanel
            closed={!open}
            offered={[
              {
                messageId: report.messageId,
                senderUid: report.senderUid,
                senderName: report.senderName,
                text: report.text,
                receiverType: report.receiverType,
                receiverName: report.receiverName,
                reporterCount: report.reportCount,
              },
            ]}
            sender={{
              uid: report.senderUid,
              name: report.senderName,
              openReports: await openReportsOfSender(db, report.senderUid),
            }}
          />
        </Section>
      )}
      {!canDecide && (
        <Alert tone="info">Your role may read reports; deciding on them is for moderators and admins.</Alert>
      )}
    </div>
  );
}
