import type { ComponentProps } from "react";

const classes = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

/**
 * Padding replaces the default rather than adding to it: two padding utilities on one element
 * conflict, and which one wins would depend on the order of the stylesheet, not of the class list.
 */
type CellProps<Element extends "th" | "td"> = Omit<ComponentProps<Element>, "scope"> & { padding?: string };

const CELL_PADDING = "px-3 py-2";

/** The bordered, rounded frame of a table, which scrolls sideways instead of widening the page. */
export function TableContainer({ className, ...div }: ComponentProps<"div">) {
  return (
    <div
      className={classes("overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm", className)}
      {...div}
    />
  );
}

/** Its width comes from `className`: `min-w-full` inside a `TableContainer`, `w-full` standing alone. */
export function Table({ className, ...table }: ComponentProps<"table">) {
  return <table className={classes("divide-y divide-slate-200 text-sm", className)} {...table} />;
}

/** Every table has a caption, as its accessible name; `srOnly` keeps it for assistive technology only. */
export function TableCaption({
  srOnly = false,
  className,
  ...caption
}: ComponentProps<"caption"> & { srOnly?: boolean }) {
  return <caption className={classes(srOnly ? "sr-only" : "text-left font-medium", className)} {...caption} />;
}

export function TableHead({ className, ...thead }: ComponentProps<"thead">) {
  return <thead className={classes("bg-slate-50", className)} {...thead} />;
}

export function TableBody({ className, ...tbody }: ComponentProps<"tbody">) {
  return <tbody className={classes("divide-y divide-slate-100", className)} {...tbody} />;
}

export function TableColumnHeader({ padding = CELL_PADDING, className, ...th }: CellProps<"th">) {
  return <th className={classes(padding, "font-medium", className)} {...th} scope="col" />;
}

/** The cell that names its row, so a reader announces it with every other cell of the row. */
export function TableRowHeader({ padding = CELL_PADDING, className, ...th }: CellProps<"th">) {
  return <th className={classes(padding, "font-normal", className)} {...th} scope="row" />;
}

export function TableCell({ padding = CELL_PADDING, className, ...td }: CellProps<"td">) {
  return <td className={classes(padding, className)} {...td} />;
}
