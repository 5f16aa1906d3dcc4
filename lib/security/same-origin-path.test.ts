import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./same-origin-path";

const ORIGIN = "http://console.example:3000";

describe("sameOriginPath", () => {
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    " //evil.example",
    "https://evil.example/users",
    "javascript:alert(1)",
    "http://console.example:3001/users",
  ])("refuses %j (as the page receives it, decoded), which a browser reads as another site", (value) => {
    const path = sameOriginPath(value, ORIGIN);
    expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
    expect(path).not.toMatch(/evil|javascript|3001/);
  });

  it("keeps a path of the console with its query and fragment", () => {
    expect(sameOriginPath("/users/abc?tab=blocks#recent", ORIGIN)).toBe("/users/abc?tab=blocks#recent");
    expect(sameOriginPath(`${ORIGIN}/audit`, ORIGIN)).toBe("/audit");
  });

  it("answers / for anything that is no path", () => {
    expect(sameOriginPath(undefined, ORIGIN)).toBe("/");
    expect(sameOriginPath(["/a"], ORIGIN)).toBe("/");
    expect(sameOriginPath("", ORIGIN)).toBe("/");
  });
});
