/** Whether sending `toSend` UIDs needs a second operator's approval; a threshold of 0 turns approval off. */
export function needsApproval(toSend: number, thresholdUids: number): boolean {
  return thresholdUids > 0 && toSend > thresholdUids;
}
