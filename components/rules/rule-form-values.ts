import type { RuleDraft } from "@/lib/rules/draft";
import type { RuleFormValues } from "./rule-editor";

/** The form's fields of a draft: lists of words and GUIDs as typed text. */
export function formValuesOf(draft: RuleDraft | undefined): RuleFormValues {
  return {
    name: draft?.name ?? "",
    description: draft?.description ?? "",
    wordLists: draft?.wordLists ?? [],
    words: draft?.words.join(", ") ?? "",
    patternLists: draft?.patternLists ?? [],
    newerThanHours: draft?.newerThanHours === null || draft === undefined ? "" : String(draft.newerThanHours),
    groups: draft?.groups.join(" ") ?? "",
    action: draft?.action ?? "blockMessage",
  };
}
