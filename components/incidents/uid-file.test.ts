import { describe, expect, it } from "vitest";
import { isCsvFile, uidLinesOfFile } from "./uid-file";

describe("uidLinesOfFile", () => {
  it("keeps every non-blank line of a text file", () => {
    expect(uidLinesOfFile("\uFEFFalpha\r\n\n  beta  \rgamma\n", false)).toEqual(["alpha", "beta", "gamma"]);
  });

  it("takes the first column of a CSV file and skips its header, whatever its case", () => {
    expect(uidLinesOfFile('UID,name\nalpha,Alpha A\n"beta","B, b"\n', true)).toEqual(["alpha", "beta"]);
    expect(uidLinesOfFile("user_id\nalpha\n", true)).toEqual(["alpha"]);
    expect(uidLinesOfFile("ID\r\nalpha\r\n", true)).toEqual(["alpha"]);
    expect(uidLinesOfFile("uids\nalpha\n", true)).toEqual(["alpha"]);
  });

  it("keeps a first row that is a UID, and unquotes doubled quotes", () => {
    expect(uidLinesOfFile("uid\nalpha", false)).toEqual(["uid", "alpha"]);
    expect(uidLinesOfFile("alpha,1\nbeta,2", true)).toEqual(["alpha", "beta"]);
    expect(uidLinesOfFile('"a""b",x', true)).toEqual(['a"b']);
  });

  it("knows a CSV file by its name or its type", () => {
    expect(isCsvFile({ name: "list.CSV", type: "" })).toBe(true);
    expect(isCsvFile({ name: "list", type: "text/csv" })).toBe(true);
    expect(isCsvFile({ name: "list.txt", type: "text/plain" })).toBe(false);
  });
});
