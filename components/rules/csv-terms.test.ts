import { describe, expect, it } from "vitest";
import { termsOfCsv } from "./csv-terms";

describe("termsOfCsv", () => {
  it("reads every cell of every line as a term, without blanks or repeats", () => {
    expect(termsOfCsv("spam, scam\r\nSCAM,,free money\n\n")).toEqual(["spam", "scam", "free money"]);
  });

  it("keeps a quoted cell whole, commas and doubled quotes included", () => {
    expect(termsOfCsv('"a, b",c\n"say ""hi"""')).toEqual(["a, b", "c", 'say "hi"']);
  });
});
