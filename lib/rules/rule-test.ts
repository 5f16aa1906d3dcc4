import { chatApiForJobs } from "@/lib/chat-api";
import type { MessageScope } from "@/lib/chat-api/moderation-calls";
import type { MessageCursor, ScannedMessage } from "@/lib/chat-api/moderation-schemas";
import type { Database } from "@/lib/db/client";
import type { RuleTestSample } from "@/lib/db/schema";
import { awaitBudgetPlace } from "@/lib/reports/budget";
import { compileRules } from "@/lib/rule-matching/compile-rules";
import type { KeywordListTerms, MatchableRule, RuleCondition, RuleFilter } from "@/lib/rule-matching/types";
import { OLDER_ACCOUNT_DAYS } from "./limits";

/**
 * "Test against the last 24 hours": reads the chat service's messages of the window, each page taking
 * its place in the jobs' rate budget as "Find accounts" does, and applies the rule with the matcher
 * the embedded service applies at every send (lib/rule-matching), at the time each message was sent
 * (an account "newer than 24 hours" is newer than 24 hours when it wrote). The window is read in
 * slices side by side, so that 100,000 messages take seconds.
 */

const PAGE_LIMIT = 1000;
const SLICES = 4;
const SAMPLES = 5;
/** A test reads at most this many pages (1,000,000 messages): past that it says so rather than running on. */
const MAX_PAGES = 1000;

type RuleBody = { name: string; conditions: unknown[]; filters: unknown[]; action: string[] };

export type RuleTestResult = {
  fromAt: Date;
  toAt: Date;
  messagesRead: number;
  calls: number;
  matched: number;
  senders: number;
  olderSenders: number;
  samples: { newer: RuleTestSample[]; older: RuleTestSample[] };
  perHour: number[];
  /** True when the window held more than a test reads: the counts are of its newest part. */
  cut: boolean;
};

/** Where the messages a rule can match are: its groups' when it names groups, else the whole app's. */
function scopesOf(filters: RuleFilter[]): MessageScope[] {
  const groups = filters.find((filter) => filter.operand === "guid" && ["in", "equals"].includes(filter.operator));
  if (!groups) return [{ kind: "app" }];
  const guids = Array.isArray(groups.value) ? groups.value.map(String) : [String(groups.value)];
  return guids.map((guid) => ({ kind: "group", guid }));
}

/** Pages one scope's slice of the window, newest first, handing each page's messages to `take`. */
async function readSlice(
  db: Database,
  scope: MessageScope,
  slice: { from: number; to: number },
  budget: { pages: number; cut: boolean },
  take: (messages: ScannedMessage[]) => void,
): Promise<number> {
  let cursor: MessageCursor | undefined;
  let calls = 0;
  for (;;) {
    if (budget.pages >= MAX_PAGES) {
      budget.cut = true;
      return calls;
    }
    budget.pages += 1;
    await awaitBudgetPlace(db, () => false);
    calls += 1;
    const { data: page } = await chatApiForJobs().scanMessages(scope, {
      category: "message",
      hideDeleted: true,
      fromTimestamp: slice.from,
      toTimestamp: slice.to,
      limit: PAGE_LIMIT,
      ...(cursor ? { cursor } : {}),
    });
    take(page.data);
    const next = page.meta?.next;
    if (page.data.length < PAGE_LIMIT || !next) return calls;
    cursor = next;
  }
}

const sampleOf = (message: ScannedMessage): RuleTestSample => ({
  id: message.id,
  sender: message.sender ?? "",
  senderName: message.senderName ?? "",
  accountCreatedAt: message.senderCreatedAt ?? null,
  sentAt: message.sentAt ?? 0,
  text: (message.text ?? "").slice(0, 500),
});

/** What `rule` would have held back of the window's messages, `lists` being the service's keyword lists now. */
export async function runRuleTest(
  db: Database,
  rule: RuleBody,
  lists: KeywordListTerms[],
  windowHours: number,
  now = new Date(),
): Promise<RuleTestResult> {
  const to = Math.floor(now.getTime() / 1000);
  const from = to - windowHours * 3600;
  const matchable: MatchableRule = {
    id: "tested",
    name: rule.name,
    revisionId: "tested",
    enabled: true,
    action: rule.action as MatchableRule["action"],
    conditions: rule.conditions as RuleCondition[],
    filters: rule.filters as RuleFilter[],
  };
  const compiled = compileRules([matchable], lists);
  const olderThan = to - OLDER_ACCOUNT_DAYS * 24 * 3600;
  const perHour = new Array<number>(windowHours).fill(0);
  const senders = new Map<string, boolean>();
  const seen = new Set<string>();
  const matches: ScannedMessage[] = [];
  let messagesRead = 0;

  const take = (messages: ScannedMessage[]) => {
    for (const message of messages) {
      // Slices meet at their ends: a message at a boundary second comes twice.
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messagesRead += 1;
      const sentAt = message.sentAt ?? to;
      const found = compiled.firstMatch(
        {
          text: message.text ?? "",
          sender: { uid: message.sender ?? "", createdAt: message.senderCreatedAt ?? 0 },
          receiverType: message.receiverType === "group" ? "group" : "user",
          receiver: message.receiver ?? "",
        },
        sentAt,
      );
      if (!found) continue;
      matches.push(message);
      const hour = Math.min(windowHours - 1, Math.max(0, Math.floor((sentAt - from) / 3600)));
      perHour[hour] = (perHour[hour] ?? 0) + 1;
      const older = message.senderCreatedAt !== undefined && message.senderCreatedAt < olderThan;
      senders.set(message.sender ?? "", older);
    }
  };

  const budget = { pages: 0, cut: false };
  const step = Math.ceil((to - from) / SLICES);
  const work: Array<Promise<number>> = [];
  for (const scope of scopesOf(rule.filters as RuleFilter[]))
    for (let start = from; start < to; start += step)
      work.push(readSlice(db, scope, { from: start, to: Math.min(to, start + step) }, budget, take));
  const calls = (await Promise.all(work)).reduce((sum, made) => sum + made, 0);

  matches.sort((a, b) => (b.sentAt ?? 0) - (a.sentAt ?? 0));
  const isOlder = (message: ScannedMessage) => senders.get(message.sender ?? "") === true;
  return {
    fromAt: new Date(from * 1000),
    toAt: new Date(to * 1000),
    messagesRead,
    calls,
    matched: matches.length,
    senders: senders.size,
    olderSenders: [...senders.values()].filter(Boolean).length,
    samples: {
      newer: matches
        .filter((message) => !isOlder(message))
        .slice(0, SAMPLES)
        .map(sampleOf),
      older: matches.filter(isOlder).slice(0, SAMPLES).map(sampleOf),
    },
    perHour,
    cut: budget.cut,
  };
}
