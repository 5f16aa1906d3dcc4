import { revalidatePath } from "next/cache";

/** After a note changes: the pages that show notes on `uid` are read again (its workspace, a report's sender). */
export function revalidateNotesOn(uid: string) {
  revalidatePath(`/users/${encodeURIComponent(uid)}`);
  revalidatePath("/reports/[id]", "page");
}
