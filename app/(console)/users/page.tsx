import type { Metadata } from "next";
import { LookUpForm } from "@/components/users/look-up-form";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  await requireOperator("users.read");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Look up a user</h1>
        <p className="mt-1 text-sm text-slate-600">
          Enter a chat user&apos;s UID to see their profile, edit their conversation tags and manage blocks.
        </p>
      </div>
      <LookUpForm />
    </div>
  );
}
