"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import {
  disableOperator,
  enableOperator,
  findOperatorById,
  OperatorError,
  resetOperatorPassword,
  setOperatorRole,
  toSummary,
  type OperatorSummary,
} from "@/lib/auth/operators";
import { clearSignInFailures } from "@/lib/auth/sign-in-limiter";
import { getDb } from "@/lib/db/client";
import { updateOperatorSchema } from "@/lib/operators/schemas";

type OperatorChange = {
  before: OperatorSummary;
  after: OperatorSummary;
  passwordReset: boolean;
  /** Failed sign-ins no longer counted, when the change cleared a sign-in lock. */
  failuresCleared?: number;
};

export const updateOperatorAction = defineAction({
  name: "operator.update",
  permission: "operators.manage",
  describe: "manage operators",
  input: updateOperatorSchema,
  audit: (input) => ({
    affectedUids: [],
    requestBody: input.change === "password" ? { operatorId: input.operatorId, change: "password" } : input,
  }),
  run: async (input, { operator }): Promise<OperatorChange> => {
    if (input.operatorId === operator.id && input.change !== "password" && input.change !== "sign-in-lock") {
      throw new OperatorError("You cannot change your own role or access; ask another admin.");
    }
    const db = await getDb();
    const before = await findOperatorById(db, input.operatorId);
    if (!before) throw new OperatorError("No operator has that id.");
    let after: OperatorSummary;
    switch (input.change) {
      case "role":
        after = await setOperatorRole(db, input.operatorId, input.role);
        break;
      case "disable":
        after = await disableOperator(db, input.operatorId);
        break;
      case "enable":
        after = await enableOperator(db, input.operatorId);
        break;
      case "password":
        after = await resetOperatorPassword(db, input.operatorId, input.password);
        break;
      case "sign-in-lock": {
        const failuresCleared = await clearSignInFailures(db, before.email);
        revalidatePath("/operators");
        return { before: toSummary(before), after: toSummary(before), passwordReset: false, failuresCleared };
      }
    }
    revalidatePath("/operators");
    return { before: toSummary(before), after, passwordReset: input.change === "password" };
  },
  completion: ({ before, after, passwordReset, failuresCleared }) => {
    const changeSet: Record<string, { old: unknown; new: unknown }> = {};
    if (before.role !== after.role) changeSet.role = { old: before.role, new: after.role };
    if (Boolean(before.disabledAt) !== Boolean(after.disabledAt)) {
      changeSet.status = {
        old: before.disabledAt ? "disabled" : "active",
        new: after.disabledAt ? "disabled" : "active",
      };
    }
    if (passwordReset) changeSet.password = { old: "set", new: "reset" };
    if (failuresCleared !== undefined) changeSet.signInFailures = { old: failuresCleared, new: 0 };
    return { outcome: "succeeded", summary: { operator: { id: after.id, email: after.email }, changeSet } };
  },
});
