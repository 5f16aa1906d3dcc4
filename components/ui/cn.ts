import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, leaving out the false ones. It does not resolve two utilities for one property
 * (tailwind-merge did, for 8.5 KiB gzip of every page): a component offers a prop for each variant of
 * its own look (`Facts`' `dense`, `Button`'s `variant`), and a caller's `className` only adds what the
 * component does not set (a width, a margin, a typeface).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
