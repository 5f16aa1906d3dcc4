import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names; of two Tailwind utilities for one property, the later wins, whatever the stylesheet order. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
