import { formatClock } from "@/lib/format/time";
import type { ChatApiErrorInit } from "./errors";

/**
 * The sentence a moderator reads when a call fails: what happened, with the service's error code
 * when there is one so that support can match it to the service's documentation, and what to do.
 */

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** Ends `text` with exactly one full stop, since the service's messages come with or without. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

const reference = ({ code, status }: ChatApiErrorInit) => code ?? `HTTP ${status ?? "error"}`;

function firstDetail(details: Record<string, string[]> | undefined): string | undefined {
  return Object.values(details ?? {}).find((messages) => messages.length > 0)?.[0];
}

function notFound(error: ChatApiErrorInit): string {
  const ref = reference(error);
  if (error.code === "ERR_UID_NOT_FOUND") {
    const uid = /\bUID (\S+) does not exist/.exec(error.serviceMessage ?? "")?.[1];
    return uid
      ? `The chat service has no user with UID ${uid} (${ref}).`
      : `The chat service has no user with that UID (${ref}).`;
  }
  if (error.code === "ERR_API_NOT_FOUND") {
    return `The chat service does not serve this request (${ref}): ask an admin to check the chat API address (CHAT_API_BASE_URL, or CHAT_APP_ID and CHAT_REGION).`;
  }
  return error.serviceMessage
    ? `The chat service found no such record (${ref}): ${sentence(error.serviceMessage)}`
    : `The chat service found no such record (${ref}).`;
}

export function userMessageFor(error: ChatApiErrorInit): string {
  const ref = reference(error);
  if (error.outcomeUnknown) {
    const how = error.kind === "timeout" ? "did not answer in time" : "lost the connection before answering";
    if (error.settlesAt)
      return `The chat service ${how}, so it is not known whether this took effect: it may have. At ${formatClock(new Date(error.settlesAt))}, once the call can no longer take effect, the console reads the chat service's state and records the outcome in the action log.`;
    return `The chat service ${how}, so it is not known whether this took effect: it may have. Check the current state before trying again.`;
  }
  switch (error.kind) {
    case "unauthorized":
      return `The chat service rejected the console's API key (${ref}): ask an admin to check CHAT_API_KEY.`;
    case "forbidden":
      return `The chat service does not let the console's API key do this (${ref}): ask an admin to set CHAT_API_KEY to a REST API key with full access.`;
    case "not_found":
      return notFound(error);
    case "bad_request": {
      const reason = firstDetail(error.details) ?? error.serviceMessage;
      return reason
        ? `The chat service refused the request (${ref}): ${sentence(reason)}`
        : `The chat service refused the request (${ref}): check what was entered and try again.`;
    }
    case "rate_limited": {
      const wait = error.retryAfterSeconds === undefined ? "a minute" : plural(error.retryAfterSeconds, "second");
      return `The chat service is rate limiting the console (${ref}): wait ${wait} and try again.`;
    }
    case "timeout": {
      const within = error.timeoutMs === undefined ? "in time" : `within ${plural(error.timeoutMs / 1000, "second")}`;
      return `The chat service did not answer ${within}: try again; if it keeps happening, the service may be down.`;
    }
    case "unavailable":
    case "server_error": {
      const answer = error.code ? `HTTP ${error.status ?? "error"}, ${error.code}` : reference(error);
      return `The chat service failed (${answer}) after ${plural(error.attempts, "attempt")}: try again in a minute.`;
    }
    case "malformed_response":
      return `The chat service sent an answer the console could not read (HTTP ${error.status}): the raw answer is in the server log; try again or report it.`;
    case "redirected":
      return `The chat service redirected the request (HTTP ${error.status}), which the console never follows so that its API key goes nowhere else: ask an admin to check the chat API address (CHAT_API_BASE_URL, or CHAT_APP_ID and CHAT_REGION).`;
    case "network":
      return "The console could not reach the chat service: try again; if it keeps happening, ask an admin to check the network and the chat API address.";
  }
}
