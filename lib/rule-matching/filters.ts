import type { FilterOperator, MatchableMessage, RuleFilter } from "./types";

/**
 * A rule's filters: who its conditions apply to. The vendor names them (operands `createdAt`, `guid`,
 * `uid`, `tags`; type `sender` or `receiver`) without saying how each is read; ours:
 * - `createdAt` is the user's account creation in Unix seconds; a negative value counts back from
 *   now (`greaterThan -86400`: created within the last 24 hours), a positive one is a time.
 * - `guid` is the group a message is sent to (type receiver); a message to a user has none, so
 *   `equals`, `in`, `startsWith` and `endsWith` do not hold for it and `notEquals`, `notIn` do.
 * - `uid` is the sender's or the receiver's UID (a group receiver has none, as above).
 * - `tags` are the user's tags: `equals` and `in` hold when the user has the tag (one of them),
 *   `notEquals` and `notIn` when not.
 * Text is compared case-insensitively (UIDs and GUIDs are lowercase already).
 */

const OPERATORS: Record<RuleFilter["operand"], FilterOperator[]> = {
  createdAt: ["equals", "notEquals", "lessThan", "greaterThan"],
  guid: ["equals", "notEquals", "in", "notIn", "startsWith", "endsWith"],
  uid: ["equals", "notEquals", "in", "notIn", "startsWith", "endsWith"],
  tags: ["equals", "notEquals", "in", "notIn"],
};

const LIST_OPERATORS = new Set<FilterOperator>(["in", "notIn"]);
const NEGATIVE = new Set<FilterOperator>(["notEquals", "notIn"]);

/** Why `filter` cannot be applied, in plain words, or undefined when it can. */
export function filterProblem(filter: RuleFilter): string | undefined {
  const allowed = OPERATORS[filter.operand];
  if (!allowed) return `A filter's operand must be createdAt, guid, uid or tags (not ${String(filter.operand)}).`;
  if (!allowed.includes(filter.operator))
    return `A ${filter.operand} filter takes the operators ${allowed.join(", ")} (not ${String(filter.operator)}).`;
  if (filter.operand === "guid" && (filter.type !== "receiver" || filter.entity !== "group"))
    return "A guid filter is about the group a message is sent to: its entity is group and its type receiver.";
  if (filter.operand !== "guid" && filter.entity !== "user")
    return `A ${filter.operand} filter is about a user (the sender or the receiver): its entity is user.`;
  const isList = Array.isArray(filter.value);
  if (LIST_OPERATORS.has(filter.operator)) {
    if (!isList || (filter.value as unknown[]).length === 0)
      return `The operator ${filter.operator} takes a list of values, such as ["a", "b"].`;
  } else if (isList) return `The operator ${filter.operator} takes one value, not a list.`;
  const values = (isList ? filter.value : [filter.value]) as unknown[];
  if (filter.operand === "createdAt") {
    if (!values.every((value) => typeof value === "number" && Number.isInteger(value)))
      return "A createdAt filter takes Unix seconds: a time, or a negative number of seconds before now (-86400 for the last 24 hours).";
  } else if (!values.every((value) => (typeof value === "string" && value !== "") || typeof value === "number"))
    return `A ${filter.operand} filter takes text values.`;
  return undefined;
}

const lower = (value: string | number) => String(value).toLowerCase();

function textHolds(operator: FilterOperator, subject: string | undefined, value: RuleFilter["value"]): boolean {
  if (subject === undefined) return NEGATIVE.has(operator);
  const values = (Array.isArray(value) ? value : [value]).map(lower);
  switch (operator) {
    case "equals":
    case "in":
      return values.includes(subject);
    case "notEquals":
    case "notIn":
      return !values.includes(subject);
    case "startsWith":
      return values.some((prefix) => subject.startsWith(prefix));
    case "endsWith":
      return values.some((suffix) => subject.endsWith(suffix));
    default:
      return false;
  }
}

function timeHolds(operator: FilterOperator, createdAt: number | undefined, value: RuleFilter["value"], now: number) {
  if (typeof value !== "number") return false;
  if (createdAt === undefined) return operator === "notEquals";
  const at = value < 0 ? now + value : value;
  switch (operator) {
    case "equals":
      return createdAt === at;
    case "notEquals":
      return createdAt !== at;
    case "lessThan":
      return createdAt < at;
    case "greaterThan":
      return createdAt > at;
    default:
      return false;
  }
}

function tagsHold(operator: FilterOperator, tags: string[], value: RuleFilter["value"]): boolean {
  const wanted = new Set((Array.isArray(value) ? value : [value]).map(lower));
  const has = tags.some((tag) => wanted.has(tag.toLowerCase()));
  if (operator === "equals" || operator === "in") return has;
  if (operator === "notEquals" || operator === "notIn") return !has;
  return false;
}

/** Whether `filter` holds for `message`, sent at `nowSeconds`. */
export function filterHolds(filter: RuleFilter, message: MatchableMessage, nowSeconds: number): boolean {
  const toUser = message.receiverType === "user";
  const sender = filter.type === "sender";
  switch (filter.operand) {
    case "createdAt":
      return timeHolds(
        filter.operator,
        sender ? message.sender.createdAt : message.receiverCreatedAt,
        filter.value,
        nowSeconds,
      );
    case "guid":
      return textHolds(filter.operator, !sender && !toUser ? lower(message.receiver) : undefined, filter.value);
    case "uid":
      return textHolds(
        filter.operator,
        sender ? lower(message.sender.uid) : toUser ? lower(message.receiver) : undefined,
        filter.value,
      );
    case "tags":
      return tagsHold(filter.operator, (sender ? message.sender.tags : message.receiverTags) ?? [], filter.value);
    default:
      return false;
  }
}
