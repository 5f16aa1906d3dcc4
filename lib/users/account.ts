import "server-only";
import { chatApi, ChatApiError, type ChatUser } from "@/lib/chat-api";

/** A user as the workspace shows them, deactivated ones included. */
export type Account = {
  user: ChatUser;
  /** The service's answer as it came, for "Raw response". */
  raw: unknown;
  /** When the account was deactivated (Unix seconds, when the service says), or null when it is active. */
  deactivated: { at: number | null } | null;
};

const deactivatedAtOf = (user: ChatUser) => {
  const at = (user as Record<string, unknown>).deactivatedAt;
  return typeof at === "number" && Number.isFinite(at) ? at : null;
};

/**
 * Looks `uid` up. A deactivated account answers ERR_UID_NOT_FOUND to GET /users/{uid}, so on that
 * answer the deactivated accounts are searched for it (GET /users?onlyDeactivated): an account that
 * is there is shown as deactivated, not as missing. Other failures are thrown, as the first one.
 */
export async function readAccount(uid: string): Promise<Account> {
  try {
    const answer = await chatApi().getUser(uid);
    return { user: answer.data, raw: answer.raw, deactivated: null };
  } catch (error) {
    if (!(error instanceof ChatApiError) || error.code !== "ERR_UID_NOT_FOUND") throw error;
    const listed = await chatApi()
      .listUsers({ searchKey: uid, searchIn: ["uid"], onlyDeactivated: true, page: 1, perPage: 100 })
      .catch(() => null);
    const user = listed?.data.data.find((candidate) => candidate.uid === uid);
    if (!user) throw error;
    return { user, raw: user, deactivated: { at: deactivatedAtOf(user) } };
  }
}
