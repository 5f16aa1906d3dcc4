"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { createOperator, type OperatorSummary } from "@/lib/auth/operators";
import { getDb } from "@/lib/db/client";
import { createOperatorSchema } from "@/lib/operators/schemas";

export const createOperatorAction = defineAction({
  name: "operator.create",
  permission: "operators.manage",
  describe: "manage operators",
  input: createOperatorSchema,
  // The password never reaches the log: the request body is recorded without it.
  audit: ({ email, name, role }) => ({ affectedUids: [], requestBody: { email, name, role } }),
  run: async (input): Promise<OperatorSummary> => {
    const created = await createOperator(await getDb(), input);
    revalidatePath("/operators");
    return created;
  },
  completion: (created) => ({
    outcome: "succeeded",
    summary: {
      operator: { id: created.id, email: created.email },
      changeSet: { role: { old: null, new: created.role } },
    },
  }),
});
