/** The vendor's limits (its page "Constraints and limits"): the service refuses past them, the console says so first. */
export const RULE_LIMITS = {
  /** Custom rules an app may have, its default rules apart. */
  customRules: 25,
  /** Custom keyword lists an app may have, its default lists apart. */
  keywordLists: 25,
  conditionsPerRule: 10,
  filtersPerRule: 10,
  nameLength: 100,
  descriptionLength: 255,
  keywordLength: 100,
  /** Ours: a pattern is a keyword, so it has a keyword's limit. */
  patternLength: 100,
} as const;
