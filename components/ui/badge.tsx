import type { ReactNode } from "react";
import type { Tone } from "@/lib/outcomes";

const TONES = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-red-50 text-red-800 ring-red-300",
  info: "bg-sky-50 text-sky-900 ring-sky-300",
} as const satisfies Record<Tone, string>;

export type BadgeTone = Tone;

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
