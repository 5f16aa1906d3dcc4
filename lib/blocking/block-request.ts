/** How the log records a block or an unblock: the blocker and every UID sent. */
export const blockRequest = ({ blocker, uids, reason }: { blocker: string; uids: string[]; reason?: string }) => ({
  affectedUids: [blocker, ...uids],
  targetUid: blocker,
  reason,
  requestBody: { blockedUids: uids },
});
