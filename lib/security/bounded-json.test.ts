import { describe, expect, it } from "vitest";
import { boundJson, storableJson, storableText, unstorableCharacter } from "./bounded-json";

const nested = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);

describe("boundJson", () => {
  it("cuts 20,000 levels of nesting to a marker that serialises", () => {
    const bounded = boundJson({ metadata: nested(20_000) });
    const text = JSON.stringify(bounded);
    expect(text).toContain("nested deeper than 32 levels");
    expect(text.length).toBeLessThan(1000);
  });

  it("bounds the number of values and the length of text", () => {
    const bounded = boundJson({ many: Array.from({ length: 100_000 }, (_, index) => index), long: "x".repeat(1e6) });
    expect(JSON.stringify(bounded).length).toBeLessThan(200_000);
  });

  it("hides the secrets it is given, in values and keys", () => {
    const bounded = boundJson({ name: "key is sk-123!", ["sk-123"]: ["sk-123"] }, { secrets: ["sk-123"] });
    expect(JSON.stringify(bounded)).not.toContain("sk-123");
    expect(bounded).toEqual({ name: "key is <hidden>!", "<hidden>": ["<hidden>"] });
  });
});

describe("storable text for the action log", () => {
  it("writes NUL and lone surrogates as their escapes, visibly", () => {
    expect(storableText("a\u0000b")).toBe("a\\u0000b");
    expect(storableText("x\uD800y")).toBe("x\\ud800y");
    expect(storableText("ok 😀")).toBe("ok 😀");
    expect(storableJson({ "k\u0000": ["m\u0000"] })).toEqual({ "k\\u0000": ["m\\u0000"] });
  });

  it("names what a form must refuse", () => {
    expect(unstorableCharacter("a\u0000")).toBe("NUL");
    expect(unstorableCharacter("\uDC00")).toBe("surrogate");
    expect(unstorableCharacter("fine 😀")).toBeUndefined();
  });
});
