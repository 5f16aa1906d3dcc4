import { notFound } from "next/navigation";

/** Any address the console does not have: its not-found page, inside the layout and its navigation. */
export default function MissingPage() {
  notFound();
}
