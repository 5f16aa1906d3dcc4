import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { DataTable, EmptyTable, TableCell, TableRowHeader } from "@/components/ui/table";
import type { ChatKeywordList } from "@/lib/chat-api/rules-schemas";
import { formatCount } from "@/lib/format/numbers";

const PREVIEW_TERMS = 8;
const CATEGORY_NAMES: Record<string, string> = {
  word: "Words",
  pattern: "Patterns",
  "sentence-similarity": "Sentences (not evaluated by the embedded service)",
};

const listHref = (id: string) => `/rules/lists/${encodeURIComponent(id)}`;

/** The keyword lists rules name, with their first terms. */
export function ListsTable({ lists, canEdit }: { lists: ChatKeywordList[]; canEdit: boolean }) {
  if (lists.length === 0) return <EmptyTable>The chat service has no lists.</EmptyTable>;
  return (
    <DataTable caption="Lists of words and patterns" captionSrOnly columns={["List", "Kind", "Terms", "First terms"]}>
      {lists.map((list) => (
        <tr key={list.id}>
          <TableRowHeader className="min-w-40">
            {canEdit && !list.default ? (
              <AppLink href={listHref(list.id)} className="font-medium text-brand-700 underline">
                {list.name}
              </AppLink>
            ) : (
              <span className="font-medium">{list.name}</span>
            )}
            {list.default && (
              <span className="ml-2">
                <Badge>Vendor&apos;s</Badge>
              </span>
            )}
            <span className="block font-mono text-xs text-slate-600">{list.id}</span>
          </TableRowHeader>
          <TableCell className="text-sm">{CATEGORY_NAMES[list.category] ?? list.category}</TableCell>
          <TableCell className="text-sm">{formatCount(list.searchTerms.length)}</TableCell>
          <TableCell className="max-w-md font-mono text-xs [overflow-wrap:anywhere]">
            {list.searchTerms.slice(0, PREVIEW_TERMS).join(list.category === "pattern" ? "  ·  " : ", ")}
            {list.searchTerms.length > PREVIEW_TERMS &&
              ` … and ${formatCount(list.searchTerms.length - PREVIEW_TERMS)} more`}
          </TableCell>
        </tr>
      ))}
    </DataTable>
  );
}
