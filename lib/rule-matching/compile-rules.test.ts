import { describe, expect, it } from "vitest";
import { compileRules } from "./compile-rules";
import type { KeywordListTerms, MatchableMessage, MatchableRule, RuleCondition, RuleFilter } from "./types";

const NOW = 1_800_000_000;
const DAY = 86_400;

const words = (value: string[], extra: Partial<RuleCondition> = {}): RuleCondition => ({
  entity: "message",
  operand: "text",
  operator: "contains",
  category: "word",
  isKeywordsReferencePresent: false,
  value,
  ...extra,
});

const rule = (id: string, conditions: RuleCondition[], extra: Partial<MatchableRule> = {}): MatchableRule => ({
  id,
  name: id,
  revisionId: `app_${id}_1`,
  enabled: true,
  action: ["blockMessage"],
  conditions,
  filters: [],
  ...extra,
});

const message = (text: string, extra: Partial<MatchableMessage> = {}): MatchableMessage => ({
  text,
  sender: { uid: "old-user", createdAt: NOW - 400 * DAY },
  receiverType: "group",
  receiver: "cometchat-guid-1",
  ...extra,
});

const lists: KeywordListTerms[] = [
  { id: "scams", category: "word", searchTerms: ["usdt-drop.example", "Free Crypto", "ass"] },
  { id: "links", category: "pattern", searchTerms: ["claim.{0,10}bonus", "\\bref=\\d{1,6}"] },
  { id: "similar", category: "sentence-similarity", searchTerms: ["send me money"] },
];

const matchOf = (rules: MatchableRule[], m: MatchableMessage) => compileRules(rules, lists).firstMatch(m, NOW);

describe("word matching", () => {
  const rules = [rule("scams", [words(["scams"], { isKeywordsReferencePresent: true })])];
  it.each([
    ["https://usdt-drop.example/claim?ref=1", true],
    ["Get FREE   crypto now", false],
    ["get free crypto!", true],
    ["GET FREE CRYPTO", true],
    ["a first-class ticket", false],
    ["you ass.", true],
    ["assassin", false],
    ["ass1", false],
    ["éass", false],
    ["usdt-drop.examples", false],
  ])("%s → %s", (text, expected) => {
    expect(matchOf(rules, message(text)) !== undefined).toBe(expected);
  });

  it("matches Unicode letters case-insensitively", () => {
    const rules2 = [rule("r", [words(["Straße", "ÉCOLE"])])];
    expect(matchOf(rules2, message("die STRASSE"))).toBeUndefined();
    expect(matchOf(rules2, message("die STRAßE hier"))).toBeDefined();
    expect(matchOf(rules2, message("à l'école"))).toBeDefined();
  });

  it("finds a shorter term where a longer one shares its start but does not fit", () => {
    const rules2 = [rule("r", [words(["scam", "scammer-bot"])])];
    expect(matchOf(rules2, message("a scammer"))).toBeUndefined();
    expect(matchOf(rules2, message("a scam-merchant"))).toBeDefined();
    expect(matchOf(rules2, message("a scammer-bot"))).toBeDefined();
  });

  it("compiles a list of thousands of words into one expression that still finds each", () => {
    const many = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}x`);
    const rules2 = [rule("r", [words(many)])];
    expect(matchOf(rules2, message(`hello ${many[2999]} there`))).toBeDefined();
    expect(matchOf(rules2, message(`hello ${many[2999]}y there`))).toBeUndefined();
  });

  it("escapes what regular expressions would read", () => {
    const rules2 = [rule("r", [words(["a.b", "c+d", "(x)"])])];
    expect(matchOf(rules2, message("see a.b"))).toBeDefined();
    expect(matchOf(rules2, message("see axb"))).toBeUndefined();
    expect(matchOf(rules2, message("see c+d"))).toBeDefined();
    expect(matchOf(rules2, message("see ccd"))).toBeUndefined();
    expect(matchOf(rules2, message("see (x)"))).toBeDefined();
  });

  it("with equals, wants the whole text", () => {
    const rules2 = [rule("r", [words(["paris"], { operator: "equals" })])];
    expect(matchOf(rules2, message(" Paris "))).toBeDefined();
    expect(matchOf(rules2, message("Paris is nice"))).toBeUndefined();
  });
});

describe("pattern matching", () => {
  const rules = [rule("p", [words(["links"], { category: "pattern", isKeywordsReferencePresent: true })])];
  it("finds each pattern anywhere, case-insensitively", () => {
    expect(matchOf(rules, message("CLAIM your BONUS"))).toBeDefined();
    expect(matchOf(rules, message("x.example/?ref=12"))).toBeDefined();
    expect(matchOf(rules, message("claim it, it's a very nice bonus"))).toBeUndefined();
  });

  it("takes literal patterns, and equals matches the whole text", () => {
    const literal = [rule("p", [words(["\\d{3}-\\d{4}"], { category: "pattern" })])];
    expect(matchOf(literal, message("call 555-1234"))).toBeDefined();
    const whole = [rule("p", [words(["\\d{3}-\\d{4}"], { category: "pattern", operator: "equals" })])];
    expect(matchOf(whole, message("call 555-1234"))).toBeUndefined();
    expect(matchOf(whole, message("555-1234"))).toBeDefined();
  });

  it("keeps patterns with backreferences apart", () => {
    const back = [rule("p", [words(["(\\w)\\1{2}", "zz"], { category: "pattern" })])];
    expect(matchOf(back, message("aaa"))).toBeDefined();
    expect(matchOf(back, message("abc"))).toBeUndefined();
  });

  it("does not read a word list as patterns, nor a pattern list as words", () => {
    const wrong = [rule("p", [words(["scams"], { category: "pattern", isKeywordsReferencePresent: true })])];
    expect(matchOf(wrong, message("usdt-drop.example"))).toBeUndefined();
  });
});

describe("what is not evaluated", () => {
  it("never matches image, video or custom conditions, nor sentence-similarity lists", () => {
    const rules = [
      rule("img", [words(["violence_greaterThan_30"], { operand: "image" })]),
      rule("custom", [words(["hello"], { operand: "custom" })]),
      rule("sim", [words(["similar"], { isKeywordsReferencePresent: true })]),
    ];
    expect(matchOf(rules, message("hello violence_greaterThan_30 send me money"))).toBeUndefined();
  });
});

describe("rules", () => {
  it("skips a disabled rule, and answers the first that matches with the condition that did", () => {
    const rules = [
      rule("off", [words(["hello"])], { enabled: false }),
      rule("first", [words(["nothing"]), words(["hello"], { id: 2 })]),
      rule("second", [words(["hello"])]),
    ];
    const match = matchOf(rules, message("hello"));
    expect(match?.rule.id).toBe("first");
    expect(match?.condition.id).toBe(2);
  });
});

describe("filters", () => {
  const filtered = (filters: RuleFilter[]) => [rule("f", [words(["hello"])], { filters })];
  const newAccounts: RuleFilter = {
    entity: "user",
    operand: "createdAt",
    operator: "greaterThan",
    value: -DAY,
    type: "sender",
  };

  it("reads a negative createdAt as relative to now, a positive one as a time", () => {
    const fresh = message("hello", { sender: { uid: "new", createdAt: NOW - 60 } });
    expect(matchOf(filtered([newAccounts]), fresh)).toBeDefined();
    expect(matchOf(filtered([newAccounts]), message("hello"))).toBeUndefined();
    const before = { ...newAccounts, operator: "lessThan" as const, value: NOW - 100 * DAY };
    expect(matchOf(filtered([before]), message("hello"))).toBeDefined();
    expect(matchOf(filtered([before]), fresh)).toBeUndefined();
  });

  it("applies guid to a group receiver only", () => {
    const inGroup: RuleFilter = {
      entity: "group",
      operand: "guid",
      operator: "equals",
      value: "cometchat-guid-1",
      type: "receiver",
    };
    const notInGroup: RuleFilter = { ...inGroup, operator: "notIn", value: ["cometchat-guid-1"] };
    const direct = message("hello", { receiverType: "user", receiver: "amara-okafor" });
    expect(matchOf(filtered([inGroup]), message("hello"))).toBeDefined();
    expect(matchOf(filtered([inGroup]), message("hello", { receiver: "other" }))).toBeUndefined();
    expect(matchOf(filtered([inGroup]), direct)).toBeUndefined();
    expect(matchOf(filtered([notInGroup]), direct)).toBeDefined();
    expect(matchOf(filtered([notInGroup]), message("hello"))).toBeUndefined();
    const prefix: RuleFilter = { ...inGroup, operator: "startsWith", value: "cometchat-" };
    expect(matchOf(filtered([prefix]), message("hello"))).toBeDefined();
  });

  it("applies uid and tags to the sender or the receiver", () => {
    const uid: RuleFilter = { entity: "user", operand: "uid", operator: "in", value: ["old-user"], type: "sender" };
    expect(matchOf(filtered([uid]), message("hello"))).toBeDefined();
    expect(matchOf(filtered([{ ...uid, type: "receiver" }]), message("hello"))).toBeUndefined();
    const tags: RuleFilter = { entity: "user", operand: "tags", operator: "in", value: ["vip"], type: "sender" };
    const vip = message("hello", { sender: { uid: "v", createdAt: 0, tags: ["VIP"] } });
    expect(matchOf(filtered([tags]), vip)).toBeDefined();
    expect(matchOf(filtered([tags]), message("hello"))).toBeUndefined();
    expect(matchOf(filtered([{ ...tags, operator: "notIn" }]), message("hello"))).toBeDefined();
  });

  it("wants every filter to hold", () => {
    const uid: RuleFilter = { entity: "user", operand: "uid", operator: "equals", value: "old-user", type: "sender" };
    expect(matchOf(filtered([uid, newAccounts]), message("hello"))).toBeUndefined();
    expect(matchOf(filtered([uid]), message("hello"))).toBeDefined();
  });
});
