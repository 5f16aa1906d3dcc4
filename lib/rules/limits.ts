/** The rules' choices without zod, for components: a test's windows, and the filters' bounds. */

/** "Test against the last 24 hours" (or 1 hour, 7 days). */
export const TEST_WINDOW_HOURS = [1, 24, 168] as const;
export type TestWindowHours = (typeof TEST_WINDOW_HOURS)[number];

export const TEST_WINDOW_LABELS: Record<TestWindowHours, string> = {
  1: "Last hour",
  24: "Last 24 hours",
  168: "Last 7 days",
};

/** "Sender's account is newer than… hours": up to a year. */
export const MAX_NEWER_THAN_HOURS = 24 * 366;

/** A test's senders whose account is older than this are the likely false positives. */
export const OLDER_ACCOUNT_DAYS = 30;

/** "Text contains one of these words": a few typed words; more belong in a list. */
export const MAX_TYPED_WORDS = 100;
