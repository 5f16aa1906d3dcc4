import { describe, expect, it } from "vitest";
import { optionalUidSchema } from "./uid";

describe("optionalUidSchema", () => {
  it("reads a blank or absent field as no UID", () => {
    expect(optionalUidSchema.parse(undefined)).toBeUndefined();
    expect(optionalUidSchema.parse("")).toBeUndefined();
    expect(optionalUidSchema.parse("   ")).toBeUndefined();
  });

  it("reads a UID as uidSchema does: trimmed and lowercased", () => {
    expect(optionalUidSchema.parse("  Crypto-Gains_155 ")).toBe("crypto-gains_155");
  });

  it("refuses what is not a UID, with the UID rule", () => {
    const parsed = optionalUidSchema.safeParse("not a uid");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/A UID may contain only letters, digits, _ and -/);
  });
});
