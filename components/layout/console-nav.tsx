"use client";

import { AppLink } from "@/components/ui/app-link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** A link of the navigation; `badge` says what waits there (requests for approval). */
export type NavItem = { href: string; label: string; badge?: ReactNode };

/**
 * The console's main navigation and the operator's menu. Side by side on a wide screen; on a phone
 * both fold behind a "Menu" button, so the header never widens the page.
 */
export function ConsoleNav({ items, operatorMenu }: { items: NavItem[]; operatorMenu: ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // Following a link closes the menu; so does the page it leads to, whatever was clicked.
  const [openedAt, setOpenedAt] = useState(pathname);
  const shown = open && openedAt === pathname;

  return (
    <>
      <button
        type="button"
        aria-expanded={shown}
        aria-controls="console-menu"
        onClick={() => {
          setOpenedAt(pathname);
          setOpen(!shown);
        }}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 md:hidden"
      >
        <svg aria-hidden viewBox="0 0 16 16" className="size-4 fill-none stroke-current stroke-2">
          <path d={shown ? "M3 3l10 10M13 3L3 13" : "M2 4h12M2 8h12M2 12h12"} />
        </svg>
        Menu
      </button>
      <div
        id="console-menu"
        className={cn(
          "w-full flex-col gap-3 md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center md:justify-between lg:min-w-0 lg:flex-nowrap",
          shown ? "flex" : "hidden",
        )}
      >
        <nav aria-label="Main" className="flex flex-col gap-1 md:flex-row lg:shrink-0">
          {items.map((item) => {
            const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
            return (
              <AppLink
                key={item.href}
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                  current ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {item.label}
                {item.badge}
              </AppLink>
            );
          })}
        </nav>
        {operatorMenu}
      </div>
    </>
  );
}
