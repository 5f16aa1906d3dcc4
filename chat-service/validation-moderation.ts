import { z } from "zod";
import {
  pageSizeQuery,
  paginationQuerySchema,
  queryFlag,
  queryList,
  storableJson,
  storableText,
  uidSchema,
} from "./validation";

/** The request schemas of the moderation surface: messages, reports, deactivation and groups. */

const MAX_TEXT_LENGTH = 65_536;
const MAX_UIDS_A_CALL = 1000;

/** A message id in a path or a query: the vendor's ids are decimal strings of a positive number. */
export const messageIdSchema = z
  .string({ error: "id must be a message id." })
  .regex(/^[1-9][0-9]{0,14}$/, "id must be a message id: a positive whole number.");

const timestamp = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a Unix timestamp in seconds.` })
    .int(`${name} must be a whole number of seconds.`)
    .min(0, `${name} must not be negative.`)
    .max(99_999_999_999, `${name} must be a Unix timestamp in seconds.`);

export const sendMessageBodySchema = z.object({
  receiver: uidSchema,
  receiverType: z.enum(["user", "group"], { error: "receiverType must be user or group." }),
  category: z
    .literal("message", { error: "category must be message: the embedded service sends text messages." })
    .default("message"),
  type: z.literal("text", { error: "type must be text: the embedded service sends text messages." }).default("text"),
  data: z.object(
    {
      text: storableText(
        "data.text",
        z
          .string({ error: "data.text must be a string." })
          .min(1, "data.text must not be empty.")
          .max(MAX_TEXT_LENGTH, `data.text must be at most ${MAX_TEXT_LENGTH} characters.`),
      ),
      metadata: storableJson(
        "data.metadata",
        z.record(z.string(), z.unknown(), { error: "data.metadata must be an object." }),
      ).optional(),
    },
    { error: "data must be an object with text." },
  ),
});

export const deleteMessageBodySchema = z.object({
  permanent: z.boolean({ error: "permanent must be true or false." }).default(false),
});

export const messageListQuerySchema = z
  .object({
    searchKey: storableText(
      "searchKey",
      z.string().trim().min(1, "searchKey must not be empty.").max(500, "searchKey must be at most 500 characters."),
    ).optional(),
    sender: uidSchema.optional(),
    receiverType: z.enum(["user", "group"], { error: "receiverType must be user or group." }).optional(),
    conversationId: z
      .string()
      .regex(
        /^[a-zA-Z0-9_-]{1,250}$/,
        "conversationId must be a conversation id such as group_<guid> or <uid>_user_<uid>.",
      )
      .transform((id) => id.toLowerCase())
      .optional(),
    category: z
      .enum(["message", "action", "custom"], { error: "category must be message, action or custom." })
      .optional(),
    type: storableText(
      "type",
      z.string().trim().min(1, "type must not be empty.").max(100, "type must be at most 100 characters."),
    ).optional(),
    hasLinks: queryFlag("hasLinks"),
    hasAttachments: queryFlag("hasAttachments"),
    hideDeleted: queryFlag("hideDeleted"),
    onlyDeleted: queryFlag("onlyDeleted"),
    fromTimestamp: timestamp("fromTimestamp").optional(),
    toTimestamp: timestamp("toTimestamp").optional(),
    limit: pageSizeQuery("limit"),
    affix: z.enum(["append", "prepend"], { error: "affix must be append or prepend." }).optional(),
    id: messageIdSchema.optional(),
    sentAt: timestamp("sentAt").optional(),
  })
  .refine((query) => !(query.hideDeleted && query.onlyDeleted), {
    message: "hideDeleted and onlyDeleted cannot both be true.",
    path: ["onlyDeleted"],
  });

export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** A required text field of a body: trimmed, not empty, at most `max` characters, storable. */
const requiredText = (field: string, max: number, missing = `${field} is required.`) =>
  storableText(
    field,
    z
      .string({ error: missing })
      .trim()
      .min(1, `${field} must not be empty.`)
      .max(max, `${field} must be at most ${max} characters.`),
  );

/** An optional free-text field of a body, empty when absent: at most `max` characters, storable. */
const optionalText = (field: string, max: number) =>
  storableText(
    field,
    z.string({ error: `${field} must be a string.` }).max(max, `${field} must be at most ${max} characters.`),
  ).default("");

export const flagMessageBodySchema = z.object({
  reasonId: requiredText("reasonId", 100, "reasonId is required: the id of a moderation reason."),
  remark: optionalText("remark", 1000),
});

export const reviewFlaggedMessageBodySchema = z.object({
  status: z.enum(["approved", "disapproved"], { error: "status must be approved or disapproved." }),
});

export const createReasonBodySchema = z.object({
  id: z
    .string({ error: "id is required." })
    .regex(/^[a-zA-Z0-9_-]{1,100}$/, "id may contain only letters, digits, _ and -, at most 100 characters."),
  name: requiredText("name", 100),
  description: optionalText("description", 1000),
});

export const moderationListQuerySchema = z.object({
  limit: pageSizeQuery("limit"),
  page: paginationQuerySchema.shape.page,
});

const uidList = (name: string) =>
  z
    .array(uidSchema, { error: `${name} must be an array of UIDs.` })
    .min(1, `${name} must contain at least one UID.`)
    .max(MAX_UIDS_A_CALL, `${name} may contain at most ${MAX_UIDS_A_CALL} UIDs.`);

export const deactivateUsersBodySchema = z.object({ uidsToDeactivate: uidList("uidsToDeactivate") });
export const activateUsersBodySchema = z.object({ uidsToActivate: uidList("uidsToActivate") });

const GROUP_TYPES = ["public", "private", "password"] as const;
const SCOPES = ["admin", "moderator", "participant"] as const;

export const listGroupsQuerySchema = paginationQuerySchema.extend({
  searchKey: storableText(
    "searchKey",
    z.string().trim().max(100, "searchKey must be at most 100 characters."),
  ).optional(),
  type: z.enum(GROUP_TYPES, { error: "type must be public, private or password." }).optional(),
  types: queryList("types")
    .refine(
      (types) => types.every((type) => (GROUP_TYPES as readonly string[]).includes(type)),
      "types must name public, private or password.",
    )
    .optional(),
  hasJoined: queryFlag("hasJoined"),
});

export const listMembersQuerySchema = paginationQuerySchema.extend({
  scopes: queryList("scopes")
    .refine(
      (scopes) => scopes.every((scope) => (SCOPES as readonly string[]).includes(scope)),
      "scopes must name admin, moderator or participant.",
    )
    .optional(),
  status: z.enum(["available", "offline"], { error: "status must be available or offline." }).optional(),
});

export const addMembersBodySchema = z
  .object({
    admins: z.array(uidSchema, { error: "admins must be an array of UIDs." }).max(MAX_UIDS_A_CALL).default([]),
    moderators: z.array(uidSchema, { error: "moderators must be an array of UIDs." }).max(MAX_UIDS_A_CALL).default([]),
    participants: z
      .array(uidSchema, { error: "participants must be an array of UIDs." })
      .max(MAX_UIDS_A_CALL)
      .default([]),
  })
  .refine((body) => body.admins.length + body.moderators.length + body.participants.length > 0, {
    message: "Name at least one UID in admins, moderators or participants.",
    path: ["participants"],
  });
