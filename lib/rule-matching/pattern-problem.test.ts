import { describe, expect, it } from "vitest";
import { keywordProblem, patternProblem } from "./pattern-problem";

describe("patternProblem", () => {
  it.each([
    "\\+?(\\d{1,3})?[-.\\s]?\\(?\\d{1,4}?\\)?[-.\\s]?\\d{1,4}[-.\\s]?\\d{1,4}[-.\\s]?\\d{1,9}",
    "[a-z0-9._%+-]{1,64}@[a-z0-9.-]{1,64}\\.[a-z]{2,10}",
    "free\\s{1,3}(?:usdt|btc)",
    "claim.{0,20}now",
    "(?<word>ab)c\\k<word>",
    "colou?r",
    "a{2,5}?b",
  ])("accepts %s", (pattern) => {
    expect(patternProblem(pattern)).toBeUndefined();
  });

  it("refuses .* and .+ and names a bounded way", () => {
    expect(patternProblem("claim.*now")).toMatch(/^`\.\*` matches anything of any length.*`\.\{0,20\}`/);
    expect(patternProblem("claim.+now")).toMatch(/^`\.\+` matches anything.*`\.\{1,20\}`/);
    expect(patternProblem("a.{3,}b")).toMatch(/^`\.\{3,\}` matches anything/);
  });

  it("refuses every unbounded quantifier", () => {
    expect(patternProblem("\\d+")).toMatch(/^`\\d\+` repeats without a limit.*`\\d\{1,20\}`/);
    expect(patternProblem("[a-z]*x")).toMatch(/^`\[a-z\]\*` repeats without a limit/);
    expect(patternProblem("x{2,}")).toMatch(/^`x\{2,\}` repeats without a limit/);
  });

  it("refuses a repeated group that repeats inside, however bounded", () => {
    expect(patternProblem("(a{1,3}){1,4}")).toMatch(/^`\(a\{1,3\}\)\{1,4\}` repeats a group that itself repeats/);
    expect(patternProblem("(?:x(\\w{1,2})){2}")).toMatch(/repeats a group that itself repeats/);
    expect(patternProblem("(a+)+")).toMatch(/repeats/);
    expect(patternProblem("(\\w*)*")).toMatch(/repeats/);
  });

  it("does not count escaped or classed quantifier characters", () => {
    expect(patternProblem("a\\+b\\*")).toBeUndefined();
    expect(patternProblem("[+*]{1,2}")).toBeUndefined();
    expect(patternProblem("\\p{L}{1,5}")).toBeUndefined();
  });

  it("refuses what is no regular expression, with the engine's reason", () => {
    expect(patternProblem("(abc")).toMatch(/^Not a valid regular expression \(.+\)\.$/);
    // Valid without the u flag, not with it: the matcher compiles with iu.
    expect(patternProblem("a\\-b")).toMatch(/^Not a valid regular expression/);
  });

  it("refuses an empty pattern and one past 100 characters", () => {
    expect(patternProblem(" ")).toBe("A pattern must not be empty.");
    expect(patternProblem("a".repeat(100))).toBeUndefined();
    expect(patternProblem("a".repeat(101))).toMatch(/at most 100 characters \(this one has 101\)/);
  });
});

describe("keywordProblem", () => {
  it("checks words: not empty, at most 100 characters, no comma", () => {
    expect(keywordProblem("scam link")).toBeUndefined();
    expect(keywordProblem("")).toBe("A keyword must not be empty.");
    expect(keywordProblem("x".repeat(101))).toMatch(/at most 100 characters/);
    expect(keywordProblem("a,b")).toMatch(/comma/);
    expect(keywordProblem("a,b", "sentence-similarity")).toBeUndefined();
  });

  it("checks a pattern as one", () => {
    expect(keywordProblem("a.*", "pattern")).toMatch(/matches anything/);
  });
});
