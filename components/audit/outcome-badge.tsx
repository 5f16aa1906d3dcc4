import { Badge, type BadgeTone } from "@/components/ui/badge";

const OUTCOMES: Record<string, { label: string; tone: BadgeTone }> = {
  requested: { label: "Requested", tone: "info" },
  succeeded: { label: "Succeeded", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  partial: { label: "Partial", tone: "warning" },
  unknown: { label: "Outcome unknown", tone: "warning" },
};

export function OutcomeBadge({ outcome }: { outcome: string }) {
  const known = OUTCOMES[outcome] ?? { label: outcome, tone: "neutral" as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
