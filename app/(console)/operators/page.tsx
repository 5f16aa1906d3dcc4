import type { Metadata } from "next";
import { CreateOperatorForm } from "@/components/operators/create-operator-form";
import { OperatorControls } from "@/components/operators/operator-controls";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DataTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { listOperators } from "@/lib/auth/operators";
import { ROLE_LABELS } from "@/lib/roles";
import { requireOperator } from "@/lib/auth/session";
import { lockedEmails } from "@/lib/auth/sign-in-limiter";
import { getDb } from "@/lib/db/client";
import { PageHeader } from "@/components/ui/page-header";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Operators" };

export default async function OperatorsPage() {
  const me = await requireOperator("operators.manage");
  const db = await getDb();
  const operators = await listOperators(db);
  const env = getEnv();
  const locked = await lockedEmails(
    db,
    operators.map((operator) => operator.email),
    env.signInLimit,
  );
  const { oidc, passwordSignIn } = env.sso;
  return (
    <div className="space-y-8">
      <PageHeader title="Operators">
        Who may sign in, and with which role. Disabling an operator ends their access at their next request.
      </PageHeader>
      {oidc && (
        <Alert tone="info">
          People in {oidc.name} become operators at their first sign-in, with the role their groups in its &ldquo;
          {oidc.rolesClaim}&rdquo; claim map to; their role is set again at every sign-in.
          {passwordSignIn ? "" : " Password sign-in is off, so operators are not created here."}
        </Alert>
      )}
      {passwordSignIn && <CreateOperatorForm />}
      <DataTable
        caption="Operators of this console"
        captionSrOnly
        columns={["Email", "Name", "Role", "Status", "Added", "Manage"]}
      >
        {operators.map((operator) => (
          <tr key={operator.id}>
            <TableRowHeader className="font-mono">{operator.email}</TableRowHeader>
            <TableCell>{operator.name}</TableCell>
            <TableCell>{ROLE_LABELS[operator.role]}</TableCell>
            <TableCell>
              <span className="inline-flex flex-wrap gap-1">
                {operator.identityIssuer && <Badge tone="info">From {oidc?.name ?? "the identity provider"}</Badge>}
                {operator.disabledAt ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
                {locked.has(operator.email) && <Badge tone="warning">Sign-in locked</Badge>}
              </span>
            </TableCell>
            <TableCell>
              <Time at={operator.createdAt} />
            </TableCell>
            <TableCell>
              <OperatorControls
                operatorId={operator.id}
                email={operator.email}
                name={operator.name}
                role={operator.role}
                disabled={Boolean(operator.disabledAt)}
                isSelf={operator.id === me.id}
                fromIdentityProvider={Boolean(operator.identityIssuer)}
                signInLocked={locked.has(operator.email)}
              />
            </TableCell>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
