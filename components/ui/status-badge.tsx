import { Badge } from "./badge";

/** The vendor's `available` (and an older `online`) read as present; any other value is shown as sent. */
const PRESENT = new Set(["available", "online"]);

export function StatusBadge({ status }: { status: unknown }) {
  if (typeof status !== "string" || status === "") return <span className="text-slate-500">Not given</span>;
  return <Badge tone={PRESENT.has(status) ? "success" : "neutral"}>{status}</Badge>;
}
