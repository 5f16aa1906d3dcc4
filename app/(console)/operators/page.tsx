import type { Metadata } from "next";
import { CreateOperatorForm } from "@/components/operators/create-operator-form";
import { OperatorControls } from "@/components/operators/operator-controls";
import { Badge } from "@/components/ui/badge";
import { listOperators } from "@/lib/auth/operators";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Operators" };

const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

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
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Operators of this console</caption>
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Added
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Manage
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {operators.map((operator) => (
              <tr key={operator.id}>
                <td className="px-4 py-2 font-mono">{operator.email}</td>
                <td className="px-4 py-2">{operator.name}</td>
                <td className="px-4 py-2">{ROLE_LABELS[operator.role]}</td>
                <td className="px-4 py-2">
                  {operator.disabledAt ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
                </td>
                <td className="px-4 py-2">{DATE.format(operator.createdAt)}</td>
                <td className="px-4 py-2">
                  <OperatorControls
                    operatorId={operator.id}
                    email={operator.email}
                    role={operator.role}
                    disabled={Boolean(operator.disabledAt)}
                    isSelf={operator.id === me.id}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
