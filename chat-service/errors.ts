/** Errors in the vendor's shape: `{ error: { code, message, devMessage, source, details? } }`. */
export class ChatServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly devMessage: string = message,
    readonly details?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ChatServiceError";
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        devMessage: this.devMessage,
        source: "chat-api",
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

const VALIDATION_MESSAGE = "Failed to validate the data sent with the request.";

export const chatErrors = {
  badRequest: (devMessage: string, details?: Record<string, string[]>) =>
    new ChatServiceError(400, "ERR_BAD_REQUEST", VALIDATION_MESSAGE, devMessage, details),
  emptyApiKey: () =>
    new ChatServiceError(
      401,
      "AUTH_ERR_EMPTY_APIKEY",
      "The apikey header is missing.",
      "Send the REST API key in the apikey header.",
    ),
  unknownApiKey: () =>
    new ChatServiceError(
      401,
      "AUTH_ERR_APIKEY_NOT_FOUND",
      "The apikey sent with the request is not valid.",
      "No API key of this application matches the apikey header.",
    ),
  uidNotFound: (uid: string) =>
    new ChatServiceError(
      404,
      "ERR_UID_NOT_FOUND",
      `The UID ${uid} does not exist, please make sure you have created a user with UID ${uid}.`,
    ),
  guidNotFound: (guid: string) =>
    new ChatServiceError(
      404,
      "ERR_GUID_NOT_FOUND",
      `The GUID ${guid} does not exist, please make sure you have created a group with GUID ${guid}.`,
    ),
  conversationNotAccessible: (conversationId: string, onBehalfOf: string) =>
    new ChatServiceError(
      404,
      "ERR_CONVERSATION_NOT_ACCESSIBLE",
      `The conversation with conversationId ${conversationId} does not exist or is not accessible to the user with UID ${onBehalfOf}.`,
    ),
  messageNotFound: (id: string) =>
    new ChatServiceError(404, "ERR_MESSAGE_ID_NOT_FOUND", `The message with id ${id} does not exist.`),
  reasonNotFound: (id: string) =>
    new ChatServiceError(404, "ERR_REASON_NOT_FOUND", `The moderation reason with id ${id} does not exist.`),
  reasonExists: (id: string) =>
    new ChatServiceError(400, "ERR_REASON_ALREADY_EXISTS", `A moderation reason with id ${id} already exists.`),
  notFlagged: (id: string) =>
    new ChatServiceError(
      404,
      "ERR_FLAGGED_MESSAGE_NOT_FOUND",
      `The message with id ${id} is not in the flagged messages list.`,
      "Only a flagged message that has not been reviewed yet can be reviewed.",
    ),
  ruleNotFound: (id: string) =>
    new ChatServiceError(404, "ERR_RULE_NOT_FOUND", `The moderation rule with id ${id} does not exist.`),
  keywordListNotFound: (id: string) =>
    new ChatServiceError(404, "ERR_KEYWORD_NOT_FOUND", `The keyword list with id ${id} does not exist.`),
  alreadyReviewed: (id: string, status: string) =>
    new ChatServiceError(
      409,
      "ERR_MESSAGE_ALREADY_REVIEWED",
      `The message with id ${id} has been ${status} already.`,
      "A blocked message is reviewed once: the same decision again answers success, the other one this.",
    ),
  notAMember: (uid: string, guid: string) =>
    new ChatServiceError(
      400,
      "ERR_NOT_A_MEMBER",
      `The user with UID ${uid} is not a member of the group with GUID ${guid}.`,
    ),
  alreadyBanned: (uid: string, guid: string) =>
    new ChatServiceError(
      400,
      "ERR_ALREADY_BANNED",
      `The user with UID ${uid} is already banned from the group with GUID ${guid}.`,
    ),
  notBanned: (uid: string, guid: string) =>
    new ChatServiceError(
      400,
      "ERR_NOT_A_BANNED_USER",
      `The user with UID ${uid} is not banned from the group with GUID ${guid}.`,
    ),
  bannedMember: (uid: string, guid: string) =>
    new ChatServiceError(
      400,
      "ERR_BANNED_GROUPMEMBER",
      `The user with UID ${uid} is banned from the group with GUID ${guid}.`,
    ),
  noClearance: (uid: string, guid: string) =>
    new ChatServiceError(
      403,
      "ERR_GROUP_NO_CLEARANCE",
      `The user with UID ${uid} does not have the clearance to do this in the group with GUID ${guid}.`,
    ),
  noSelfAction: (uid: string, guid: string) =>
    new ChatServiceError(
      400,
      "ERR_GROUP_NO_SELF_ACTION",
      `The user with UID ${uid} cannot do this to themselves in the group with GUID ${guid}.`,
    ),
  notTheSender: (uid: string, id: string) =>
    new ChatServiceError(
      403,
      "ERR_MESSAGE_NOT_A_SENDER",
      `The user with UID ${uid} is not the sender of the message with id ${id}.`,
    ),
  noMessageAccess: (uid: string, id: string) =>
    new ChatServiceError(
      403,
      "ERR_MESSAGE_NO_ACCESS",
      `The user with UID ${uid} has no access to the message with id ${id}.`,
    ),
  apiNotFound: (path: string) =>
    new ChatServiceError(404, "ERR_API_NOT_FOUND", "The requested API does not exist.", `No API is served at ${path}.`),
  methodNotAllowed: (method: string, allowed: string[]) =>
    new ChatServiceError(
      405,
      "ERR_METHOD_NOT_ALLOWED",
      `The method ${method} is not allowed for this API.`,
      `Allowed methods: ${allowed.join(", ")}.`,
      undefined,
      { Allow: allowed.join(", ") },
    ),
  payloadTooLarge: (limitBytes: number) =>
    new ChatServiceError(
      413,
      "ERR_PAYLOAD_TOO_LARGE",
      "The request body is too large.",
      `The request body must be at most ${limitBytes} bytes.`,
    ),
  tooManyRequests: (retryAfterSeconds: number, limit: number) =>
    new ChatServiceError(
      429,
      "ERR_TOO_MANY_REQUESTS",
      "Too many requests. Please retry after some time.",
      `The rate limit of ${limit} requests a minute was reached; retry after ${retryAfterSeconds} seconds.`,
      undefined,
      { "Retry-After": String(retryAfterSeconds) },
    ),
  internal: () =>
    new ChatServiceError(
      500,
      "ERR_INTERNAL_SERVER_ERROR",
      "Something went wrong on the server. Please try again later.",
    ),
  unavailable: () =>
    new ChatServiceError(
      503,
      "ERR_SERVICE_UNAVAILABLE",
      "The service is temporarily unavailable. Please try again later.",
    ),
};
