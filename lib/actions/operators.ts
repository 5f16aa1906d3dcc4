"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import {
  createOperator,
  disableOperator,
  enableOperator,
  OperatorError,
  resetOperatorPassword,
  setOperatorRole,
  type OperatorSummary,
} from "@/lib/auth/operators";
import { createOperatorSchema, updateOperatorSchema } from "@/lib/schemas/operator";
import { defineAction } from "./define-action";

export const createOperatorAction = defineAction({
  name: "operator.create",
  permission: "operators.manage",
  describe: "manage operators",
  input: createOperatorSchema,
  run: async (input): Promise<OperatorSummary> => {
    const created = await createOperator(await getDb(), input);
    revalidatePath("/operators");
    return created;
  },
});

export const updateOperatorAction = defineAction({
  name: "operator.update",
  permission: "operators.manage",
  describe: "manage operators",
  input: updateOperatorSchema,
  run: async (input, { operator }): Promise<OperatorSummary> => {
    const db = await getDb();
    if (input.operatorId === operator.id && input.change !== "password") {
      throw new OperatorError("You cannot change your own role or access; ask another admin.");
    }
    let updated: OperatorSummary;
    switch (input.change) {
      case "role":
        updated = await setOperatorRole(db, input.operatorId, input.role);
        break;
      case "disable":
        updated = await disableOperator(db, input.operatorId);
        break;
      case "enable":
        updated = await enableOperator(db, input.operatorId);
        break;
      case "password":
        updated = await resetOperatorPassword(db, input.operatorId, input.password);
        break;
    }
    revalidatePath("/operators");
    return updated;
  },
});
