/** The action log's filters, as the URL names them. */
export const AUDIT_FILTER_KEYS = ["actor", "role", "action", "uid", "outcome", "from", "to", "calls", "job"] as const;
