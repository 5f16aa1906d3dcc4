import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { formatCount } from "@/lib/format/numbers";
import { DataTable, TableRowHeader } from "./table";

type SearchResultRow = {
  key: string;
  /** The row's name, a link to its page. */
  name: string;
  href: string;
  /** The row's other cells. */
  cells: ReactNode;
};

type SearchResultsProps = {
  /** The heading's id, for the section's name. */
  id: string;
  search: string;
  /** What was found, one and several: ["user", "users"]. */
  noun: [string, string];
  total: number;
  /** Said after the count, such as "(the first 50 shown)". */
  note?: string;
  columns: string[];
  rows: SearchResultRow[];
  /** Below the table: its pages. */
  children?: ReactNode;
};

/** What a search found, counted in its heading, each row named by a link to its page. */
export function SearchResults({ id, search, noun, total, note, columns, rows, children }: SearchResultsProps) {
  const [one, many] = noun;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {formatCount(total)} {total === 1 ? `${one} matches` : `${many} match`} “{search}”{note ? ` ${note}` : ""}
      </h2>
      <DataTable
        caption={`${many[0]!.toUpperCase()}${many.slice(1)} matching “${search}”`}
        captionSrOnly
        columns={columns}
      >
        {rows.map((row) => (
          <tr key={row.key}>
            <TableRowHeader>
              <AppLink
                href={row.href}
                className="font-medium [overflow-wrap:anywhere] text-brand-700 underline underline-offset-2"
              >
                {row.name}
              </AppLink>
            </TableRowHeader>
            {row.cells}
          </tr>
        ))}
      </DataTable>
      {children}
    </section>
  );
}
