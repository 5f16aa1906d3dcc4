import { Badge } from "@/components/ui/badge";
import { DataTable, EmptyTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { UnixTime } from "@/components/ui/time";
import type { ChatRule } from "@/lib/chat-api/rules-schemas";
import { describeRule } from "@/lib/rules/draft";

/** Every revision of a rule as the service keeps them, newest first: what it was at each change. */
export function RuleRevisions({
  revisions,
  listNames,
}: {
  revisions: ChatRule[];
  listNames: ReadonlyMap<string, string>;
}) {
  if (revisions.length === 0) return <EmptyTable>The chat service keeps no revisions of this rule.</EmptyTable>;
  return (
    <DataTable caption="Revisions, newest first" captionSrOnly columns={["Revision", "Changed", "State", "Rule"]}>
      {revisions.map((revision) => {
        const described = describeRule(revision, listNames);
        return (
          <tr key={revision.revisionId ?? revision.updatedAt}>
            <TableRowHeader className="font-mono text-xs">{revision.revisionId ?? "Not given"}</TableRowHeader>
            <TableCell className="text-sm">
              <UnixTime seconds={revision.updatedAt} />
            </TableCell>
            <TableCell>
              <Badge tone={revision.enabled ? "success" : "neutral"}>{revision.enabled ? "Enabled" : "Disabled"}</Badge>
            </TableCell>
            <TableCell className="text-sm">
              {[...described.conditions, ...described.filters, described.action].join("; ")}
            </TableCell>
          </tr>
        );
      })}
    </DataTable>
  );
}
