import { describe, expect, it } from "vitest";
import { compileRules } from "@/lib/rule-matching/compile-rules";
import { keywordProblem, patternProblem } from "@/lib/rule-matching/pattern-problem";
import { buildDemoData } from "./demo-data";
import { DEFAULT_RULES, DEMO_KEYWORD_LISTS, PROFANITY_LIST } from "./moderation-defaults";

const NOW = 1_800_000_000;
const lists = [PROFANITY_LIST, ...DEMO_KEYWORD_LISTS].map((list) => ({ ...list, searchTerms: [...list.searchTerms] }));
const everyRuleEnabled = DEFAULT_RULES.map((rule) => ({
  ...rule,
  enabled: true,
  filters: [],
  revisionId: `embedded_${rule.id}_1`,
}));

describe("the moderation engine's defaults", () => {
  it("holds only valid words and patterns", () => {
    for (const term of [...PROFANITY_LIST.searchTerms, ...DEMO_KEYWORD_LISTS.flatMap((list) => list.searchTerms)])
      expect(keywordProblem(term)).toBeUndefined();
    const patterns = DEFAULT_RULES.flatMap((rule) => rule.conditions)
      .filter((condition) => condition.category === "pattern")
      .flatMap((condition) => condition.value);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(patternProblem(pattern)).toBeUndefined();
  });

  it("blocks profanity with the default rule, and finds phone numbers and addresses with the others", () => {
    const rules = compileRules(everyRuleEnabled, lists);
    const from = { sender: { uid: "a", createdAt: 0 }, receiverType: "user" as const, receiver: "b" };
    expect(rules.firstMatch({ ...from, text: "oh SHIT" }, NOW)?.rule.id).toBe("text-profanity-filter");
    expect(rules.firstMatch({ ...from, text: "call +1 (555) 123-4567" }, NOW)?.rule.id).toBe("contact_details_filter");
    expect(rules.firstMatch({ ...from, text: "mail jo.doe@example.com" }, NOW)?.rule.id).toBe("email_filter");
  });

  it("blocks none of the demo data's messages (the raid included), and the scam list misses the raid's link", () => {
    const data = buildDemoData(NOW);
    const createdAt = new Map(data.users.map((user) => [user.uid, user.createdAt]));
    const enabled = compileRules(
      DEFAULT_RULES.map((rule) => ({ ...rule, filters: [], revisionId: "x" })),
      lists,
    );
    const scams = compileRules(
      [
        {
          id: "scams",
          name: "scams",
          revisionId: "x",
          enabled: true,
          action: ["blockMessage"],
          filters: [],
          conditions: [
            {
              entity: "message",
              operand: "text",
              operator: "contains",
              category: "word",
              isKeywordsReferencePresent: true,
              value: ["scam-links"],
            },
          ],
        },
      ],
      lists,
    );
    const texts = data.messages.filter((message) => typeof message.data.text === "string");
    expect(texts.length).toBeGreaterThan(1000);
    for (const message of texts) {
      const matchable = {
        text: message.data.text as string,
        sender: { uid: message.sender, createdAt: createdAt.get(message.sender) ?? 0 },
        receiverType: message.receiverType as "user" | "group",
        receiver: message.receiver,
      };
      expect(enabled.firstMatch(matchable, NOW), matchable.text).toBeUndefined();
      expect(scams.firstMatch(matchable, NOW), matchable.text).toBeUndefined();
    }
    expect(texts.some((message) => String(message.data.text).includes("usdt-drop.example"))).toBe(true);
  });
});
