import { revalidatePath } from "next/cache";

/** The pages a change to a rule, a list or a blocked message shows on. */
export function revalidateRules(ruleId?: string) {
  revalidatePath("/rules");
  if (ruleId) revalidatePath(`/rules/${encodeURIComponent(ruleId)}`);
}
