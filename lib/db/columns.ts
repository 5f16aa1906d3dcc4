import { text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A point in time, with its zone, read as a Date: every time column of the console's tables. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * What work started by an operator carries (incident jobs, raid searches): who started it, the
 * operation it is logged under, and when it was created, last changed and finished. A function, since
 * each table needs columns of its own.
 */
export const startedWorkColumns = () => ({
  createdById: uuid("created_by_id"),
  createdByEmail: text("created_by_email").notNull(),
  createdByRole: text("created_by_role").notNull(),
  operationId: uuid("operation_id").notNull(),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
  finishedAt: instant("finished_at"),
});
