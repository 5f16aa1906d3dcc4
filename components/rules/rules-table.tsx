import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { DataTable, EmptyTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { formatCount } from "@/lib/format/numbers";
import { describeRule } from "@/lib/rules/draft";
import type { RuleRow } from "@/lib/rules/queries";
import { hrefOf } from "@/lib/url-state";

const ruleHref = (id: string) => `/rules/${encodeURIComponent(id)}`;

/** The rules with their state, what they look for and do, and what they blocked in the last 24 hours. */
export function RulesTable({ rows, listNames }: { rows: RuleRow[]; listNames: ReadonlyMap<string, string> }) {
  if (rows.length === 0) return <EmptyTable>The chat service has no rules.</EmptyTable>;
  return (
    <DataTable
      caption="Rules of the chat service, its own first"
      captionSrOnly
      columns={["Rule", "State", "Looks for", "Applies to", "Does", "Blocked, last 24 hours", "Latest test"]}
    >
      {rows.map(({ rule, blocked24h, latestTest }) => {
        const described = describeRule(rule, listNames);
        return (
          <tr key={rule.id}>
            <TableRowHeader className="min-w-40">
              <AppLink href={ruleHref(rule.id)} className="font-medium text-brand-700 underline">
                {rule.name}
              </AppLink>
              {rule.default && (
                <span className="ml-2">
                  <Badge>Vendor&apos;s</Badge>
                </span>
              )}
            </TableRowHeader>
            <TableCell>
              <Badge tone={rule.enabled ? "success" : "neutral"}>{rule.enabled ? "Enabled" : "Disabled"}</Badge>
            </TableCell>
            <TableCell className="min-w-56 text-sm">
              <ul className="space-y-1">
                {described.conditions.map((condition, index) => (
                  <li key={index}>{condition}</li>
                ))}
              </ul>
            </TableCell>
            <TableCell className="text-sm">
              {described.filters.length === 0 ? (
                "Every message"
              ) : (
                <ul className="space-y-1">
                  {described.filters.map((filter, index) => (
                    <li key={index}>{filter}</li>
                  ))}
                </ul>
              )}
            </TableCell>
            <TableCell className="text-sm">{described.action}</TableCell>
            <TableCell className="text-sm">
              {blocked24h > 0 ? (
                <AppLink
                  href={hrefOf("/reports/blocked", { rule: rule.id, status: "all" })}
                  className="text-brand-700 underline"
                >
                  {formatCount(blocked24h)}
                </AppLink>
              ) : (
                "None"
              )}
            </TableCell>
            <TableCell className="text-sm">
              {latestTest ? (
                <>
                  {formatCount(latestTest.matched)} of {formatCount(latestTest.messagesRead)} messages,{" "}
                  <Time at={latestTest.testedAt} />
                </>
              ) : (
                "Not tested"
              )}
            </TableCell>
          </tr>
        );
      })}
    </DataTable>
  );
}
