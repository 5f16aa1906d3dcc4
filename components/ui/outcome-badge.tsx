import { outcomeOf } from "@/lib/outcomes";
import { Badge } from "./badge";

/** Any outcome, of an operation or of one UID, named and coloured the one way the console does. */
export function OutcomeBadge({ outcome }: { outcome: string }) {
  const { label, tone } = outcomeOf(outcome);
  return <Badge tone={tone}>{label}</Badge>;
}
