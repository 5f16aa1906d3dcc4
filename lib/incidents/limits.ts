/** The most UIDs one incident job takes. */
export const MAX_INCIDENT_UIDS = 10_000;

/** The least a break-glass reason says: why no second operator could be asked. */
export const MIN_BREAK_GLASS_REASON = 20;
