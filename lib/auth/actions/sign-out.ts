"use server";

import { signOut } from "@/lib/auth/auth";

/** Auth.js's sign-out event revokes the session and records it, as for its own sign-out route. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login?reason=signed-out-by-you" });
}
