import * as z from "@/lib/validation/zod";
import { emailSchema } from "@/lib/operators/schemas";

export const signInSchema = z.object({
  email: emailSchema,
  // Any length is checked against the hash: the rule for new passwords must not lock out old ones.
  password: z
    .string()
    .check(z.minLength(1, "Enter your password."), z.maxLength(200, "A password may have at most 200 characters.")),
});
export type SignInInput = z.input<typeof signInSchema>;

/** The "Sign in with <name>" form: only where to return, a path of the console (anything else: its start). */
export const identityProviderSignInSchema = z.object({
  callbackUrl: z.nullable(z.string().check(z.maxLength(2000, "The return address is too long."))),
});
