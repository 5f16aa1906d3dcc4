import { Alert } from "@/components/ui/alert";
import { BarChart } from "@/components/ui/bar-chart";
import { Facts, Fact } from "@/components/ui/facts";
import { MessageText } from "@/components/ui/message-text";
import { Time, UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import type { RuleTestSample } from "@/lib/db/schema";
import { countOf, formatCount } from "@/lib/format/numbers";
import { OLDER_ACCOUNT_DAYS } from "@/lib/rules/limits";
import type { RuleTest } from "@/lib/rules/store";

export type ShownTest = Pick<
  RuleTest,
  | "windowHours"
  | "fromAt"
  | "toAt"
  | "messagesRead"
  | "matched"
  | "senders"
  | "olderSenders"
  | "samples"
  | "perHour"
  | "testedAt"
  | "testedByName"
> & { cut?: boolean };

const windowName = (hours: number) =>
  hours === 1 ? "the last hour" : hours === 168 ? "the last 7 days" : `the last ${hours} hours`;

function Samples({ title, samples }: { title: string; samples: RuleTestSample[] }) {
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {samples.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="space-y-2">
          {samples.map((sample) => (
            <li key={sample.id} className="rounded border border-slate-200 bg-white p-2 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <Uid uid={sample.sender} name={sample.senderName} />
                <span>
                  sent <UnixTime seconds={sample.sentAt} />
                </span>
                <span>
                  account made{" "}
                  {sample.accountCreatedAt === null ? (
                    "at an unknown time"
                  ) : (
                    <UnixTime seconds={sample.accountCreatedAt} />
                  )}
                </span>
              </div>
              <p className="mt-1">
                <MessageText text={sample.text} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What a rule's test found: the counts, the likely false positives, samples of both, and the matches an hour. */
export function TestResult({ test, stale = false }: { test: ShownTest; stale?: boolean }) {
  const hourStart = (index: number) => new Date(test.fromAt.getTime() + index * 3600_000);
  const hourLabel = (index: number) => `Hour from ${hourStart(index).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return (
    <section
      aria-labelledby="test-result-heading"
      className="space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="test-result-heading" className="text-base font-semibold text-slate-900">
        Test against {windowName(test.windowHours)}
      </h3>
      {stale && (
        <Alert tone="warning">The form changed since this test: test again to see what the rule now would catch.</Alert>
      )}
      {test.cut && (
        <Alert tone="warning">
          The window held more messages than a test reads (1,000,000): these counts are of its newest messages.
        </Alert>
      )}
      <p className="text-sm text-slate-800">
        It would have held back <strong>{countOf(test.matched, "message", "messages")}</strong> of{" "}
        {formatCount(test.messagesRead)} from <strong>{countOf(test.senders, "sender", "senders")}</strong>;{" "}
        <strong>{countOf(test.olderSenders, "sender's account is", "senders' accounts are")}</strong> older than{" "}
        {OLDER_ACCOUNT_DAYS} days (the likely false positives).
      </p>
      <Facts>
        <Fact term="Messages read">{formatCount(test.messagesRead)}</Fact>
        <Fact term="Would be held back">{formatCount(test.matched)}</Fact>
        <Fact term="Senders">{formatCount(test.senders)}</Fact>
        <Fact term={`Accounts older than ${OLDER_ACCOUNT_DAYS} days`}>{formatCount(test.olderSenders)}</Fact>
        <Fact term="Window">
          <Time at={test.fromAt} /> to <Time at={test.toAt} />
        </Fact>
        <Fact term="Tested">
          <Time at={test.testedAt} /> by {test.testedByName}
        </Fact>
      </Facts>
      <BarChart
        title="Messages the rule would have held back, an hour"
        values={test.perHour}
        labelOf={hourLabel}
        start={windowName(test.windowHours).replace("the last", "").trim() + " ago"}
        end="Now"
        unit={["message", "messages"]}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Samples title="From newer accounts" samples={test.samples.newer} />
        <Samples title={`From accounts older than ${OLDER_ACCOUNT_DAYS} days`} samples={test.samples.older} />
      </div>
    </section>
  );
}
