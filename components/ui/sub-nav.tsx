import { AppLink } from "@/components/ui/app-link";
import { cn } from "./cn";

type SubNavItem = { href: string; label: string; count?: number; current: boolean };

/** Links between the pages of one area (the reports queue and the blocked messages), the current one marked. */
export function SubNav({ label, items }: { label: string; items: SubNavItem[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
      {items.map((item) => (
        <AppLink
          key={item.href}
          href={item.href}
          aria-current={item.current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
            item.current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-700 hover:text-slate-900",
          )}
        >
          {item.label}
          {item.count !== undefined && (
            <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-800">{item.count}</span>
          )}
        </AppLink>
      ))}
    </nav>
  );
}
