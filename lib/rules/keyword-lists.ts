import type { ChatKeywordList } from "@/lib/chat-api/rules-schemas";
import { splitTerms } from "./schemas";

/** A list's terms as the vendor takes them: words comma-separated, patterns one a line. */
export function searchTermsOf(list: { category: "word" | "pattern"; terms: string }): string {
  if (list.category === "pattern")
    return list.terms
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .join("\n");
  return splitTerms(list.terms).join(",");
}

/** What the log keeps of a list. */
export const listRecordOf = (list: ChatKeywordList) => ({
  name: list.name,
  description: list.description ?? "",
  category: list.category,
  searchTerms: list.searchTerms,
  revisionId: list.revisionId ?? null,
});

/** A new list's id: its name as a slug. */
export const newListId = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "list";
