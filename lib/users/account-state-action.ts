import "server-only";
import { defineAction } from "@/lib/actions/define-action";
import { actorOf } from "@/lib/audit/actor";
import { chatApi } from "@/lib/chat-api";
import { RefusedError } from "@/lib/errors";
import { settlingLostAnswer } from "@/lib/settlements/lost-answer";
import { accountStateSchema } from "./schemas";

type StateChange = {
  describe: string;
  /** The call, answering the UIDs the service changed (the vendor's lists: `deactivatedUids`, `nonDeactivatedUids`). */
  call: (uid: string) => Promise<{ uids: string[]; status: number }>;
  /** "deactivated", "reactivated": for the refusal when the service changed nothing. */
  done: string;
};

const CHANGES: Record<"user.deactivate" | "user.reactivate", StateChange> = {
  "user.deactivate": {
    describe: "deactivate users",
    done: "deactivated",
    call: (uid) =>
      chatApi()
        .deactivateUsers([uid])
        .then(({ data, status }) => ({ uids: data.deactivatedUids, status })),
  },
  "user.reactivate": {
    describe: "reactivate users",
    done: "reactivated",
    call: (uid) =>
      chatApi()
        .reactivateUsers([uid])
        .then(({ data, status }) => ({ uids: data.nonDeactivatedUids, status })),
  },
};

/**
 * Deactivating and reactivating an account are the same action with another call: one UID, a
 * required reason, logged with the account as the affected UID. The service answers the UIDs it
 * has; an account it does not name was not changed, and the operator is told so. An answer that
 * never came is settled from the deactivated users once the call can no longer take effect.
 */
export const accountStateAction = (name: keyof typeof CHANGES) => {
  const { describe, call, done } = CHANGES[name];
  return defineAction({
    name,
    permission: "users.deactivate",
    describe,
    input: accountStateSchema,
    audit: ({ uid, reason }) => ({ affectedUids: [uid], targetUid: uid, reason, requestBody: { uids: [uid] } }),
    run: async ({ uid }, { operationId, operator }) => {
      const answer = await settlingLostAnswer(
        {
          kind: name === "user.deactivate" ? "deactivate" : "reactivate",
          operationId,
          action: "user.settle",
          items: [uid],
          actor: actorOf(operator),
        },
        () => call(uid),
      );
      if (!answer.uids.includes(uid))
        throw new RefusedError(`The chat service has no user ${uid}, so nothing was ${done}.`);
      return { uid, status: answer.status };
    },
    completion: ({ status }) => ({
      outcome: "succeeded",
      httpStatus: status,
      summary: { changeSet: { deactivated: { old: name === "user.reactivate", new: name === "user.deactivate" } } },
    }),
  });
};
