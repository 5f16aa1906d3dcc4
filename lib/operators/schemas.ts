import * as z from "@/lib/validation/zod";
import { OPERATOR_ROLES } from "@/lib/roles";
import { plainText } from "@/lib/validation/text";
import { MIN_PASSWORD_LENGTH } from "./limits";

export const emailSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, "Enter an email address.")),
    z.email("Enter an email address such as name@example.com."),
  ),
  z.transform((email: string) => email.toLowerCase()),
);

export const passwordSchema = z
  .string()
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`),
    z.maxLength(200, "A password may have at most 200 characters."),
  );

export const roleSchema = z.enum(OPERATOR_ROLES, { error: "Choose a role: support, moderator, auditor or admin." });

export const createOperatorSchema = z.object({
  email: emailSchema,
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Enter the operator's name."),
      z.maxLength(100, "A name may have at most 100 characters."),
      z.superRefine(plainText("The name")),
    ),
  role: roleSchema,
  password: passwordSchema,
});

const operatorIdSchema = z.uuid("That operator id is not valid.");

export const updateOperatorSchema = z.discriminatedUnion("change", [
  z.object({ operatorId: operatorIdSchema, change: z.literal("role"), role: roleSchema }),
  z.object({ operatorId: operatorIdSchema, change: z.literal("disable") }),
  z.object({ operatorId: operatorIdSchema, change: z.literal("enable") }),
  z.object({ operatorId: operatorIdSchema, change: z.literal("password"), password: passwordSchema }),
  z.object({ operatorId: operatorIdSchema, change: z.literal("sign-in-lock") }),
]);
