import { describe, expect, it } from "vitest";
import { boundJson, storableJson, storableText } from "./bounded-json";
import { unstorableCharacter } from "./unstorable";

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

  it("returns a value that needs no change as it is, and copies only what changes", () => {
    const page = JSON.parse(
      '{"data":[{"id":"1","text":"hello","n":2},{"id":"2","text":"sk-123 here"}],"meta":{"x":1}}',
    );
    const before = JSON.stringify(page);
    expect(boundJson(page, { secrets: ["absent"] })).toBe(page);
    const bounded = boundJson(page, { secrets: ["sk-123"] }) as typeof page;
    expect(JSON.stringify(page)).toBe(before);
    expect(bounded).toEqual({
      data: [
        { id: "1", text: "hello", n: 2 },
        { id: "2", text: "<hidden> here" },
      ],
      meta: { x: 1 },
    });
    expect(bounded.data[0]).toBe(page.data[0]);
    expect(bounded.meta).toBe(page.meta);
    expect(boundJson([1, Number.NaN, 3])).toEqual([1, null, 3]);
  });

  it("cuts an object or array at the bound on values, keeping the values before it", () => {
    const more = "[more than 3 values: the rest is not shown]";
    expect(boundJson({ a: 1, b: 2, c: 3, d: 4 }, { nodes: 3 })).toEqual({ a: 1, b: 2, c: more });
    expect(boundJson([1, 2, 3, 4], { nodes: 3 })).toEqual([1, 2, more]);
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
