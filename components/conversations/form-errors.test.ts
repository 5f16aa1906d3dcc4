import { describe, expect, it } from "vitest";
import { placeTagIssue } from "./form-errors";

const values = { tags: ["vip", "x".repeat(130), "sales"] };

describe("placeTagIssue", () => {
  it("puts an error of the list, and of one tag naming it, on the tags field", () => {
    expect(placeTagIssue({ path: ["tags"], message: "Each tag may appear only once." }, values)).toEqual({
      field: "tags",
      message: "Each tag may appear only once.",
    });
    expect(placeTagIssue({ path: ["tags", 2], message: "Bad." }, values)).toEqual({
      field: "tags",
      message: "Tag 3 (“sales”): Bad.",
    });
    expect(placeTagIssue({ path: ["tags", 1], message: "Too long." }, values).message).toBe(
      `Tag 2 (“${"x".repeat(24)}…”): Too long.`,
    );
  });

  it("leaves an error of another field on it", () => {
    expect(placeTagIssue({ path: ["reason"], message: "Too long." }, values)).toEqual({
      field: "reason",
      message: "Too long.",
    });
  });
});
