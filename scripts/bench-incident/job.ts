import type { ConsoleServer } from "../../tests/support/console-server";
import { readOver } from "../../tests/support/console-session";
import { callAction, type Session } from "./session";

type Progress = {
  job: {
    status: string;
    doneCount: number;
    blockedCount: number;
    /** Jobs of the other kinds: what they changed (deactivated, banned…). */
    changedCount: number;
    failedCount: number;
    total: number;
    finishedAt: string | null;
  };
  budget: { callsLastMinute: number; allowedPerMinute: number };
};

/**
 * The job's time runs from the moderator's confirmation to the end the job itself records; its
 * progress is read once a second, as the job page does, so that watching it costs what it costs a user.
 */
export async function jobRun(server: ConsoleServer, session: Session, blocker: string, uids: string[]) {
  return runJob(server, session, "createIncidentJobAction", { blocker, reason: "Benchmark", uids });
}

/**
 * A job of any kind, started by `action` with `input`, followed to its end as its page follows it.
 * `preview`: the moderator's steps before the confirmation, not timed: the incidents page opened and
 * the job previewed with this action and input, as the page requires before it offers to confirm.
 */
export async function runJob(
  server: ConsoleServer,
  session: Session,
  action: string,
  input: unknown,
  preview?: { action: string; input: unknown },
) {
  if (preview) {
    const page = await fetch(`${server.baseUrl}/incidents`, { headers: { Cookie: session.cookie } });
    await page.text();
    if (page.status !== 200) throw new Error(`The incidents page answered ${page.status}`);
    await callAction(server, session, preview.action, preview.input);
  }
  const started = Date.now();
  const { jobId } = await callAction<{ jobId: string }>(server, session, action, input);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { body } = await readOver<Progress>(server, session, `/api/incidents/${jobId}/progress`);
    if (!body.ok) throw new Error(`The job's progress could not be read: ${body.message}`);
    const progress = body.data;
    if (progress.job.status === "completed") {
      const finished = Date.parse(progress.job.finishedAt!);
      return { seconds: (finished - started) / 1000, job: progress.job, budget: progress.budget };
    }
  }
}
