/**
 * An expected refusal whose message is written for the operator ("This is the last active
 * admin…"): server actions show it as it is, where any other error is logged and masked.
 */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedError";
  }
}
