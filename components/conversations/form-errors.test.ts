import { describe, expect, it } from "vitest";
import { tagsErrorMessage } from "./form-errors";

const tags = ["vip", "x".repeat(130), "sales"];

describe("tagsErrorMessage", () => {
  it("reads an error of the list, of its root and of single tags", () => {
    expect(tagsErrorMessage({ type: "custom", message: "Each tag may appear only once." }, tags)).toBe(
      "Each tag may appear only once.",
    );
    expect(tagsErrorMessage({ root: { message: "Too many." } }, tags)).toBe("Too many.");
    const items: unknown[] = [];
    items[2] = { message: "Bad." };
    expect(tagsErrorMessage(items, tags)).toBe("Tag 3 (“sales”): Bad.");
    expect(tagsErrorMessage(undefined, tags)).toBeUndefined();
    expect(tagsErrorMessage({}, tags)).toBeUndefined();
  });
});
