/**
 * Who the action log says acted: an operator (their id, email and role), the console itself (the
 * system actor), or someone who signed in without a role (role null: a refused sign-in).
 */
export type Actor = { id: string | null; email: string | null; role: string | null };

/**
 * The console acting on its own: expiries, sweeps, scheduled checkpoints (and, with the command
 * line's user as its email, the operators command). Filtering on role "system" finds them all.
 */
export const SYSTEM_ACTOR = { id: null, email: null, role: "system" } as const satisfies Actor;

/** An operator as the log, a job's creator and a decision record them: the one way to make one. */
export function actorOf<Id extends string | null>(who: { id: Id; email: string; role: string }) {
  return { id: who.id, email: who.email, role: who.role };
}

/** The operator who created a job: the actor of everything the job does on their behalf. */
export const jobCreator = (job: { createdById: string | null; createdByEmail: string; createdByRole: string }) =>
  actorOf({ id: job.createdById, email: job.createdByEmail, role: job.createdByRole });
