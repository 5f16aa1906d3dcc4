import { countOf } from "@/lib/format/numbers";

/** A report a decision may cover, as its confirmation names it. */
export type OfferedReport = {
  messageId: string;
  senderUid: string;
  senderName: string;
  text: string;
  receiverType: "user" | "group";
  receiverName: string;
  reporterCount: number;
};

type Props = {
  request: {
    decision: "keep" | "remove";
    options: { blockForReporters: boolean; deactivateSender: boolean; banFromGroup: boolean };
    reasonCode: string;
  };
  chosen: OfferedReport[];
  /** Set when the decision covers every open report of this sender. */
  everyOfSender?: { uid: string; name: string; openReports: number };
};

const NAMED = 5;
const WORDS = 12;

const firstWords = (text: string) => {
  const words = text.trim().split(/\s+/);
  return words.length > WORDS ? `${words.slice(0, WORDS).join(" ")}…` : text.trim();
};

/** What a decision touches, in words: whose messages, their first words, and the calls on the senders. */
export function DecisionSummary({ request, chosen, everyOfSender: sender }: Props) {
  const verb = request.decision === "keep" ? "Keep" : "Remove";
  const senders = [...new Set(chosen.map((report) => `${report.senderName} (${report.senderUid})`))];
  const { blockForReporters, deactivateSender, banFromGroup } = request.options;
  return (
    <div className="space-y-2 text-sm">
      {sender ? (
        <p>
          {verb} every open report of {sender.name} ({sender.uid}): {countOf(sender.openReports, "report", "reports")}.
        </p>
      ) : (
        <>
          <p>
            {verb} {countOf(chosen.length, "reported message", "reported messages")} of {senders.join(", ")}:
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {chosen.slice(0, NAMED).map((report) => (
              <li key={report.messageId} className="[overflow-wrap:anywhere]">
                “{firstWords(report.text) || "no text"}” (message {report.messageId},{" "}
                {report.receiverType === "group" ? `in ${report.receiverName}` : `to ${report.receiverName}`})
              </li>
            ))}
            {chosen.length > NAMED && <li>and {chosen.length - NAMED} more</li>}
          </ul>
        </>
      )}
      {request.decision === "keep" ? (
        <p>The messages stay; the chat service marks each report approved.</p>
      ) : (
        <>
          <p>Each message is deleted, then its report marked disapproved.</p>
          {blockForReporters && <p>Then each reporter blocks the sender (one block on behalf of every reporter).</p>}
          {banFromGroup && <p>The sender is banned from the group the message was sent in.</p>}
          {deactivateSender && <p>The sender is deactivated: they can no longer sign in or send.</p>}
        </>
      )}
    </div>
  );
}
