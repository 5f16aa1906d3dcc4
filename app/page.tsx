import { redirect } from "next/navigation";
import { can } from "@/lib/roles";
import { requireOperator } from "@/lib/auth/session";

/** The console's start: where each role begins its work. */
export default async function HomePage() {
  const operator = await requireOperator();
  redirect(
    can(operator.role, "users.read") ? "/users" : can(operator.role, "audit.read.all") ? "/audit" : "/operators",
  );
}
