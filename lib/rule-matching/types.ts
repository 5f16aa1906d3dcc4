/**
 * The vendor's moderation rules and keyword lists as the matcher reads them (CometChat's
 * `/moderation/rules` and `/moderation/keywords`): the embedded chat service applies them to every
 * message sent, and the console tests a rule against past messages with the same code.
 */

type RuleAction = "blockMessage" | "dropMessage";

/** One way a message may match a rule: a rule's conditions are alternatives. */
export type RuleCondition = {
  id?: number;
  entity: "message";
  operand: "text" | "custom" | "image" | "video";
  operator: "contains" | "equals";
  category: "word" | "pattern";
  /** `value` names keyword lists (their ids) rather than giving the words or patterns themselves. */
  isKeywordsReferencePresent: boolean;
  isMediaPresent?: boolean;
  value: string[];
};

export type FilterOperator =
  "equals" | "notEquals" | "in" | "notIn" | "startsWith" | "endsWith" | "lessThan" | "greaterThan";

/** Who a rule applies to: every filter of a rule must hold. */
export type RuleFilter = {
  entity: "user" | "group";
  operand: "createdAt" | "guid" | "uid" | "tags";
  operator: FilterOperator;
  value: string | number | Array<string | number>;
  type: "sender" | "receiver";
};

export type MatchableRule = {
  id: string;
  name: string;
  revisionId: string;
  enabled: boolean;
  action: RuleAction[];
  conditions: RuleCondition[];
  filters: RuleFilter[];
};

type KeywordListCategory = "word" | "pattern" | "sentence-similarity";

export type KeywordListTerms = {
  id: string;
  category: KeywordListCategory;
  searchTerms: string[];
};

export type MatchableMessage = {
  text: string;
  /** `createdAt`: the sender's account creation, Unix seconds. */
  sender: { uid: string; createdAt: number; tags?: string[] };
  receiverType: "user" | "group";
  /** A UID or a GUID, as `receiverType` says. */
  receiver: string;
  receiverTags?: string[];
  /** A user receiver's account creation, Unix seconds, for a `createdAt` filter of type receiver. */
  receiverCreatedAt?: number;
};

export type RuleMatch = { rule: MatchableRule; condition: RuleCondition };
