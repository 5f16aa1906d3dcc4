import "server-only";
import { ChatApiError } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { scheduleSettlement, type LostCall } from "./schedule";

/**
 * Sends a call of the workspace; if its answer never came, the call is recorded to be settled once
 * it can no longer take effect, and the error thrown says when (the log records it as outcome unknown).
 */
export async function settlingLostAnswer<T>(lost: LostCall, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ChatApiError) || !error.outcomeUnknown) throw error;
    throw error.settledAt(await scheduleSettlement(await getDb(), lost));
  }
}
