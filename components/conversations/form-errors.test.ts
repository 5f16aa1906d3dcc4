import { describe, expect, it } from "vitest";
import { placeFieldErrors, tagsErrorMessage } from "./form-errors";

const tags = ["vip", "x".repeat(130), "sales"];

describe("placeFieldErrors", () => {
  it("places each key of the server's fieldErrors on its field", () => {
    const placed = placeFieldErrors(
      {
        onBehalfOf: ["Enter a UID."],
        "tags.1": ["A tag may have at most 100 characters."],
        tags: ["Each tag may appear only once."],
        reason: ["A reason may have at most 500 characters."],
        uid: ["A UID may contain only letters, digits, _ and - (at most 100 characters)."],
        form: ["Something else."],
        extra: ["Unknown."],
      },
      tags,
    );
    expect(placed.fields).toEqual({
      onBehalfOf: "Enter a UID.",
      tags: "Each tag may appear only once. Tag 2 (“xxxxxxxxxxxxxxxxxxxxxxxx…”): A tag may have at most 100 characters.",
      reason: "A reason may have at most 500 characters.",
    });
    expect(placed.other).toEqual([
      "UID of the conversation's other party: A UID may contain only letters, digits, _ and - (at most 100 characters).",
      "Something else.",
      "extra: Unknown.",
    ]);
  });

  it("accepts no field errors, and a tag index beyond the list", () => {
    expect(placeFieldErrors(undefined, tags)).toEqual({ fields: {}, other: [] });
    expect(placeFieldErrors({ "tags.9": ["Bad."] }, tags).fields.tags).toBe("Tag 10: Bad.");
  });
});

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
