"use client";

import { useEffect, useState } from "react";
import { cn } from "./cn";

/** Copies `value` to the clipboard; says so where a screen reader hears it, and where the pointer is. */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      // No clipboard (an insecure origin, a denied permission): the operator can still select the text.
      setState("failed");
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        title={label}
        className={cn(
          "inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900",
          className,
        )}
      >
        {state === "copied" ? (
          <svg aria-hidden viewBox="0 0 16 16" className="size-3.5 fill-none stroke-emerald-700 stroke-2">
            <path d="M3 8.5l3 3 7-7" />
          </svg>
        ) : (
          <svg aria-hidden viewBox="0 0 16 16" className="size-3.5 fill-none stroke-current stroke-[1.5]">
            <rect x="5" y="5" width="8.5" height="8.5" rx="1.5" />
            <path d="M10.5 5V3.5A1.5 1.5 0 009 2H3.5A1.5 1.5 0 002 3.5V9a1.5 1.5 0 001.5 1.5H5" />
          </svg>
        )}
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? "Copied" : state === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </>
  );
}
