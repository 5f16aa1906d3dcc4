/** The reasons a moderator picks when deciding on reports, and how many one decision covers. */

/** The most reports one decision covers; a sender with more is decided in several. */
export const MAX_REPORTS_PER_DECISION = 500;

export const KEEP_REASONS = {
  not_a_violation: "Not against the rules",
  context: "Fine in its context",
  unfair_report: "Reported unfairly",
  other: "Other (say why)",
} as const;

export const REMOVE_REASONS = {
  spam: "Spam or scam",
  harassment: "Harassment",
  inappropriate: "Inappropriate content",
  raid: "Part of a raid",
  other: "Other (say why)",
} as const;

/** "Spam or scam: same link everywhere": the reason as the log and the report keep it. */
export function decisionReason(reasons: Record<string, string>, code: string, text: string): string {
  const label = code === "other" ? "Other" : (reasons[code] ?? code);
  return text ? `${label}: ${text}` : label;
}
