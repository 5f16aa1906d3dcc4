import type { ReactNode } from "react";

/** The title of a page and a line on what it is for. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children && <p className="mt-1 text-sm text-slate-600">{children}</p>}
    </div>
  );
}
