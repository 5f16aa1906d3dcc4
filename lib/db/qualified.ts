import { getTableName, sql, type Column, type SQL } from "drizzle-orm";

/**
 * A column named with its table, in whatever query it lands. Drizzle names a column by its table only
 * when the query joins another table, so an outer column written into a correlated subquery of a
 * one-table query comes out bare, and PostgreSQL binds it to the subquery's own table when that has a
 * column of the same name (`members.guid = "guid"`: true for every row). Every outer column that a
 * subquery reads goes through this.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
