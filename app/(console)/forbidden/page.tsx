import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { Alert } from "@/components/ui/alert";
import { describePermission, isPermission, ROLE_LABELS, rolesAllowedTo } from "@/lib/roles";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Not allowed" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where a page the operator's role cannot use sends them: what it needs, and who can grant it. */
export default async function ForbiddenPage({ searchParams }: Props) {
  const operator = await requireOperator();
  const { needs } = await searchParams;
  const permission = isPermission(needs) ? needs : null;
  const roles = permission ? rolesAllowedTo(permission).map((role) => ROLE_LABELS[role]) : [];
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Your role cannot open that page</h1>
      <Alert tone="warning">
        {permission
          ? `That page is for operators who may ${describePermission(permission)}: the ${roles.join(" or ")} role${roles.length === 1 ? "" : "s"}. `
          : ""}
        You are signed in as {ROLE_LABELS[operator.role]}. An admin can change your role on the Operators page.
      </Alert>
      <AppLink href="/" className="text-brand-700 underline underline-offset-2">
        Go to your start page
      </AppLink>
    </div>
  );
}
