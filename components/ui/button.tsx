import type { ComponentProps } from "react";
import { cn } from "./cn";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
} as const;

const SIZES = { md: "px-4 py-2 text-sm", sm: "px-2.5 py-1 text-xs" } as const;

export type ButtonVariant = keyof typeof VARIANTS;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  /**
   * A call this button started is running: the button says so and ignores presses. It stays
   * focusable (aria-disabled, not disabled), so the focus is not lost while the call runs.
   */
  busy?: boolean;
};

/**
 * The focus ring is the global one (globals.css): dark, outside the button, so it shows on every variant.
 * Only the button's own colours fade: Tailwind's `transition-colors` fades the outline too, and a ring
 * that takes 150 ms to darken is a faint ring to a keyboard user in that time.
 */
export function buttonClasses(variant: ButtonVariant = "primary", size: keyof typeof SIZES = "md") {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-[color,background-color,border-color] disabled:cursor-not-allowed",
    "aria-disabled:cursor-not-allowed aria-disabled:opacity-70",
    VARIANTS[variant],
    SIZES[size],
  );
}

export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  className,
  type = "button",
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClasses(variant, size), className)}
      aria-disabled={busy || props["aria-disabled"] || undefined}
      aria-busy={busy || undefined}
      // No handler of its own unless busy: server components render this button too, and cannot pass one.
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {busy && (
        <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent" />
      )}
      {children}
    </button>
  );
}
