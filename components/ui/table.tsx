import type { ComponentProps, ReactNode } from "react";

import { cn } from "./cn";

/**
 * Padding replaces the default rather than adding to it: two padding utilities on one element
 * conflict, and which one wins would depend on the order of the stylesheet, not of the class list.
 */
type CellProps<Element extends "th" | "td"> = Omit<ComponentProps<Element>, "scope"> & { padding?: string };

const CELL_PADDING = "px-3 py-2";

/** The bordered, rounded frame of a table, which scrolls sideways instead of widening the page. */
function TableContainer({ className, ...div }: ComponentProps<"div">) {
  return (
    <div
      // relative: visually hidden cells (position: absolute) stay inside the scroll box instead of widening the page.
      className={cn("relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm", className)}
      {...div}
    />
  );
}

/** Its width comes from `className`: `min-w-full` inside a `TableContainer`, `w-full` standing alone. */
function Table({ className, ...table }: ComponentProps<"table">) {
  return <table className={cn("divide-y divide-slate-200 text-sm", className)} {...table} />;
}

/** Every table has a caption, as its accessible name; `srOnly` keeps it for assistive technology only. */
function TableCaption({ srOnly = false, className, ...caption }: ComponentProps<"caption"> & { srOnly?: boolean }) {
  return <caption className={cn(srOnly ? "sr-only" : "text-left font-medium", className)} {...caption} />;
}

function TableHead({ className, ...thead }: ComponentProps<"thead">) {
  return <thead className={cn("bg-slate-50", className)} {...thead} />;
}

function TableBody({ className, ...tbody }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...tbody} />;
}

function TableColumnHeader({ padding = CELL_PADDING, className, ...th }: CellProps<"th">) {
  return <th className={cn(padding, "font-medium", className)} {...th} scope="col" />;
}

/** The cell that names its row, so a reader announces it with every other cell of the row. */
export function TableRowHeader({ padding = CELL_PADDING, className, ...th }: CellProps<"th">) {
  return <th className={cn(padding, "font-normal", className)} {...th} scope="row" />;
}

export function TableCell({ padding = CELL_PADDING, className, ...td }: CellProps<"td">) {
  return <td className={cn(padding, className)} {...td} />;
}

export type Column = string | { label: string; srOnly?: boolean };

type DataTableProps = {
  /** The table's accessible name; shown above it unless `captionSrOnly`. */
  caption: ReactNode;
  captionSrOnly?: boolean;
  columns: Column[];
  /** The rows: `<tr>` elements of `TableRowHeader` and `TableCell`. */
  children: ReactNode;
  className?: string;
};

/** The console's table: a captioned table in its own scroll box, one header row, rows given as children. */
export function DataTable({ caption, captionSrOnly = false, columns, children, className }: DataTableProps) {
  return (
    <TableContainer className={className}>
      <Table className="min-w-full text-left">
        <TableCaption srOnly={captionSrOnly} className={captionSrOnly ? undefined : "px-3 py-2 text-sm text-slate-900"}>
          {caption}
        </TableCaption>
        <TableHead>
          <tr>
            {columns.map((column, index) => {
              const { label, srOnly = false } = typeof column === "string" ? { label: column } : column;
              return (
                <TableColumnHeader key={index} className="text-slate-700">
                  {srOnly ? <span className="sr-only">{label}</span> : label}
                </TableColumnHeader>
              );
            })}
          </tr>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** What a table says in its place when it has no rows. */
export function EmptyTable({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">{children}</p>;
}
