import * as z from "@/lib/validation/zod";
import { plainText } from "@/lib/validation/text";
import { optionalUidSchema, uidSchema } from "@/lib/validation/uid";

/**
 * "Find accounts": where to look (a group, a user's direct messages, the whole app), what (text,
 * links, a link's domain), when (a quick pick or a window) and who (a sender, names starting with).
 */

/** The longest window one search reads: 31 days. */
const MAX_WINDOW_SECONDS = 31 * 24 * 3600;

const GUID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

const blankIsNone = z.transform((value: string | undefined) => value || undefined);

const optionalText = (label: string, max: number) =>
  z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(max, `${label} may have at most ${max} characters.`),
          z.superRefine(plainText(label)),
        ),
    ),
    blankIsNone,
  );

const instantField = (label: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((value: string | undefined, context) => {
      if (!value) return undefined;
      const at = Date.parse(value);
      if (Number.isNaN(at)) {
        context.issues.push({ code: "custom", message: `${label} is not a date and time.`, input: value });
        return z.NEVER;
      }
      return Math.floor(at / 1000);
    }),
  );

export const raidSearchFormSchema = z
  .object({
    where: z.enum(["group", "user", "app"], {
      error: "Choose where to look: a group, a user's direct messages or the whole app.",
    }),
    group: z.optional(z.string().check(z.trim())),
    user: z.optional(z.string().check(z.trim())),
    textContains: optionalText("The text to look for", 200),
    hasLinks: z._default(z.boolean(), false),
    linkDomain: z
      .pipe(
        z.optional(z.string().check(z.trim(), z.toLowerCase())),
        z.transform(
          (value: string | undefined) =>
            value
              ?.replace(/^https?:\/\//, "")
              .replace(/^www\./, "")
              .replace(/\/.*$/, "") || undefined,
        ),
      )
      .check(
        z.refine((value) => value === undefined || DOMAIN_PATTERN.test(value), {
          message: "Enter a domain such as usdt-drop.example (no path).",
        }),
      ),
    window: z.enum(["last_hour", "last_2_hours", "last_24_hours", "custom"], { error: "Choose when to look." }),
    from: instantField("From"),
    to: instantField("To"),
    senderUid: optionalUidSchema,
    namePrefix: optionalText("The start of the name", 100),
    blockedBy: optionalUidSchema,
  })
  .check(
    z.superRefine((input, context) => {
      if (input.where === "group" && !(input.group && GUID_PATTERN.test(input.group)))
        context.addIssue({
          code: "custom",
          path: ["group"],
          message: "Enter the group's GUID (letters, digits, _ and -).",
        });
      if (input.where === "user" && !input.user)
        context.addIssue({
          code: "custom",
          path: ["user"],
          message: "Enter the UID of the user whose direct messages to search.",
        });
      if (input.where === "user" && input.user && !z.safeParse(uidSchema, input.user).success)
        context.addIssue({ code: "custom", path: ["user"], message: "That is not a valid UID." });
      if (input.window === "custom") {
        if (input.from === undefined)
          context.addIssue({ code: "custom", path: ["from"], message: "Give the start of the window." });
        if (input.to === undefined)
          context.addIssue({ code: "custom", path: ["to"], message: "Give the end of the window." });
        if (input.from !== undefined && input.to !== undefined) {
          if (input.to <= input.from)
            context.addIssue({
              code: "custom",
              path: ["to"],
              message: "The end of the window must come after its start.",
            });
          else if (input.to - input.from > MAX_WINDOW_SECONDS)
            context.addIssue({
              code: "custom",
              path: ["to"],
              message: "One search reads at most 31 days: narrow the window.",
            });
        }
      }
    }),
  );
export type RaidSearchFormInput = z.input<typeof raidSearchFormSchema>;
export type RaidSearchForm = z.output<typeof raidSearchFormSchema>;

export const raidSearchIdSchema = z.object({ searchId: z.uuid("That search id is not valid.") });

/** The senders' table: a page, and a filter on their UID or name. */
export const sendersQuerySchema = z.object({
  searchId: z.uuid("That search id is not valid."),
  filter: z._default(
    z.optional(z.string().check(z.trim(), z.maxLength(100, "The filter may have at most 100 characters."))),
    "",
  ),
  page: z._default(
    z.optional(
      z.coerce
        .number()
        .check(z.int("A page is a whole number."), z.minimum(1, "Pages start at 1."), z.maximum(1_000_000)),
    ),
    1,
  ),
});
