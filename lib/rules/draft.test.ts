import { describe, expect, it } from "vitest";
import { definitionKeyOf, describeRule, draftOf, ruleBodyOf, type RuleDraft } from "./draft";
import { keywordListFormSchema, ruleFormSchema } from "./schemas";

const draft: RuleDraft = {
  name: "Giveaway links",
  description: "",
  wordLists: ["scam-links"],
  words: ["usdt-drop.example"],
  patternLists: [],
  newerThanHours: 24,
  groups: ["cometchat-guid-1"],
  action: "blockMessage",
};

describe("a rule in a moderator's words", () => {
  it("is the vendor's conditions (any may match) and filters (all must hold), and back", () => {
    const body = ruleBodyOf(draft);
    expect(body.conditions).toEqual([
      expect.objectContaining({
        operand: "text",
        category: "word",
        isKeywordsReferencePresent: true,
        value: ["scam-links"],
      }),
      expect.objectContaining({
        operand: "text",
        category: "word",
        isKeywordsReferencePresent: false,
        value: ["usdt-drop.example"],
      }),
    ]);
    expect(body.filters).toEqual([
      { entity: "user", operand: "createdAt", operator: "greaterThan", value: -86_400, type: "sender" },
      { entity: "group", operand: "guid", operator: "in", value: ["cometchat-guid-1"], type: "receiver" },
    ]);
    expect(body.action).toEqual(["blockMessage"]);
    expect(draftOf(body)).toEqual(draft);
  });

  it("is no draft when the form cannot say it: the vendor's image rules, absolute times", () => {
    expect(
      draftOf({
        name: "AI",
        conditions: [{ operand: "image", operator: "contains", category: "word", value: ["x"] }],
        action: ["blockMessage"],
      }),
    ).toBeUndefined();
    expect(
      draftOf({
        ...ruleBodyOf(draft),
        filters: [{ operand: "createdAt", operator: "greaterThan", value: 1_700_000_000, type: "sender" }],
      }),
    ).toBeUndefined();
  });

  it("is said in words, lists by their names", () => {
    const words = describeRule(ruleBodyOf(draft), new Map([["scam-links", "Scam links"]]));
    expect(words.conditions).toEqual([
      "Text contains a word of list “Scam links”",
      "Text contains one of these words: usdt-drop.example",
    ]);
    expect(words.filters).toEqual(["Sender's account is newer than 24 hours", "Sent in group cometchat-guid-1"]);
    expect(words.action).toBe("Hold the message for review");
  });

  it("keeps one key for what it matches, whatever the service adds (condition ids, weights)", () => {
    const body = ruleBodyOf(draft);
    const stored = {
      ...body,
      conditions: body.conditions.map((condition, index) => ({ id: index + 1, ...condition })),
    };
    expect(definitionKeyOf(stored)).toBe(definitionKeyOf(body));
    expect(definitionKeyOf(ruleBodyOf({ ...draft, newerThanHours: 48 }))).not.toBe(definitionKeyOf(body));
  });
});

describe("the rule form's checks", () => {
  const form = {
    name: "Giveaway",
    description: "",
    wordLists: [],
    words: "usdt-drop.example",
    patternLists: [],
    newerThanHours: "24",
    groups: "",
    action: "blockMessage",
  };
  const issues = (input: unknown) =>
    Object.fromEntries(
      (ruleFormSchema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );

  it("reads hours and GUIDs as typed", () => {
    expect(ruleFormSchema.parse({ ...form, groups: "a-1, b_2  a-1" })).toMatchObject({
      newerThanHours: 24,
      groups: ["a-1", "b_2"],
    });
    expect(ruleFormSchema.parse({ ...form, newerThanHours: "" }).newerThanHours).toBeNull();
  });

  it("names the field and the reason", () => {
    expect(issues({ ...form, newerThanHours: "soon" }).newerThanHours).toMatch(/number of hours/);
    expect(issues({ ...form, words: "" }).words).toMatch(/Say what the rule looks for/);
    expect(issues({ ...form, name: "x".repeat(101) }).name).toMatch(/at most 100/);
    expect(issues({ ...form, groups: "not a/guid" }).groups).toMatch(/is not a GUID/);
  });

  it("refuses a greedy pattern in a list, naming its line", () => {
    const parsed = keywordListFormSchema.safeParse({
      name: "Phones",
      description: "",
      category: "pattern",
      terms: "\\d{3}-\\d{4}\ncall.*now",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["terms"],
      message: expect.stringMatching(/^Line 2: .*greedy/),
    });
    expect(
      keywordListFormSchema.safeParse({ name: "Phones", description: "", category: "pattern", terms: "\\d{3}-\\d{4}" })
        .success,
    ).toBe(true);
  });
});
