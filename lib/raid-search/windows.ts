/** The quick picks of "When": the last hour, two hours or day. */
export const QUICK_WINDOWS = {
  last_hour: { label: "Last hour", seconds: 3600 },
  last_2_hours: { label: "Last 2 hours", seconds: 2 * 3600 },
  last_24_hours: { label: "Last 24 hours", seconds: 24 * 3600 },
} as const;
