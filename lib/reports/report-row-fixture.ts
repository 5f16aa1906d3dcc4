import type { ReportRow } from "./decision-store";

/** A report of the index as the unit tests need one: its message, sender, where it went and its reporters. */
export const reportRow = (messageId: string, senderUid: string, reporters: string[], group?: string, status = "open") =>
  ({
    messageId,
    senderUid,
    status,
    receiverType: group ? "group" : "user",
    receiverId: group ?? "amara-okafor",
    reporters: reporters.map((uid) => ({
      uid,
      name: uid,
      reasonId: "spam",
      reasonName: "Spam",
      remark: "",
      flaggedAt: 1,
    })),
  }) as unknown as ReportRow;
