import type { Metadata } from "next";
import { CreateOperatorForm } from "@/components/operators/create-operator-form";
import { OperatorControls } from "@/components/operators/operator-controls";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumnHeader,
  TableContainer,
  TableHead,
} from "@/components/ui/table";
import { listOperators } from "@/lib/auth/operators";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Operators" };

const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

const CELL_PADDING = "px-4 py-2";

export default async function OperatorsPage() {
  const me = await requireOperator("operators.manage");
  const operators = await listOperators(await getDb());
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Operators</h1>
        <p className="mt-1 text-sm text-slate-600">
          Who may sign in, and with which role. Disabling an operator ends their access at their next request.
        </p>
      </div>
      <CreateOperatorForm />
      <TableContainer>
        <Table className="min-w-full">
          <TableCaption srOnly>Operators of this console</TableCaption>
          <TableHead className="text-left">
            <tr>
              <TableColumnHeader padding={CELL_PADDING}>Email</TableColumnHeader>
              <TableColumnHeader padding={CELL_PADDING}>Name</TableColumnHeader>
              <TableColumnHeader padding={CELL_PADDING}>Role</TableColumnHeader>
              <TableColumnHeader padding={CELL_PADDING}>Status</TableColumnHeader>
              <TableColumnHeader padding={CELL_PADDING}>Added</TableColumnHeader>
              <TableColumnHeader padding={CELL_PADDING}>Manage</TableColumnHeader>
            </tr>
          </TableHead>
          <TableBody>
            {operators.map((operator) => (
              <tr key={operator.id}>
                <TableCell padding={CELL_PADDING} className="font-mono">
                  {operator.email}
                </TableCell>
                <TableCell padding={CELL_PADDING}>{operator.name}</TableCell>
                <TableCell padding={CELL_PADDING}>{ROLE_LABELS[operator.role]}</TableCell>
                <TableCell padding={CELL_PADDING}>
                  {operator.disabledAt ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
                </TableCell>
                <TableCell padding={CELL_PADDING}>{DATE.format(operator.createdAt)}</TableCell>
                <TableCell padding={CELL_PADDING}>
                  <OperatorControls
                    operatorId={operator.id}
                    email={operator.email}
                    role={operator.role}
                    disabled={Boolean(operator.disabledAt)}
                    isSelf={operator.id === me.id}
                  />
                </TableCell>
              </tr>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </div>
  );
}
