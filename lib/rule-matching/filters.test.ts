import { describe, expect, it } from "vitest";
import { filterProblem } from "./filters";

describe("filterProblem", () => {
  it("accepts the filters the vendor's pages show", () => {
    expect(
      filterProblem({ entity: "user", operand: "createdAt", operator: "greaterThan", value: -86400, type: "sender" }),
    ).toBeUndefined();
    expect(
      filterProblem({ entity: "group", operand: "guid", operator: "in", value: ["a", "b"], type: "receiver" }),
    ).toBeUndefined();
    expect(
      filterProblem({ entity: "user", operand: "tags", operator: "notIn", value: ["vip"], type: "sender" }),
    ).toBeUndefined();
  });

  it("refuses an operator the operand does not take, a list where one value goes, and the reverse", () => {
    expect(
      filterProblem({ entity: "user", operand: "tags", operator: "lessThan", value: "a", type: "sender" }),
    ).toMatch(/takes the operators/);
    expect(filterProblem({ entity: "user", operand: "uid", operator: "equals", value: ["a"], type: "sender" })).toMatch(
      /one value/,
    );
    expect(filterProblem({ entity: "user", operand: "uid", operator: "in", value: "a", type: "sender" })).toMatch(
      /list of values/,
    );
    expect(filterProblem({ entity: "user", operand: "uid", operator: "in", value: [], type: "sender" })).toMatch(
      /list of values/,
    );
  });

  it("refuses a guid of the sender and a createdAt that is no number", () => {
    expect(filterProblem({ entity: "group", operand: "guid", operator: "equals", value: "g", type: "sender" })).toMatch(
      /receiver/,
    );
    expect(
      filterProblem({ entity: "user", operand: "createdAt", operator: "lessThan", value: "yesterday", type: "sender" }),
    ).toMatch(/Unix seconds/);
  });
});
