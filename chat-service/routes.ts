import {
  blockedUsersEndpoints,
  conversationsEndpoints,
  groupConversationEndpoints,
  journalEndpoints,
  settingsEndpoints,
  testUsersEndpoints,
  userConversationEndpoints,
  userEndpoints,
  usersEndpoints,
} from "./endpoints";
import {
  bannedUserEndpoints,
  bannedUsersEndpoints,
  flagEndpoints,
  flaggedMessageEndpoints,
  flaggedMessagesEndpoints,
  groupEndpoints,
  groupMemberEndpoints,
  groupMembersEndpoints,
  groupMessagesEndpoints,
  groupsEndpoints,
  messageEndpoints,
  messagesEndpoints,
  reasonsEndpoints,
  userMessagesEndpoints,
  usersDeactivationEndpoints,
} from "./endpoints-moderation";
import {
  blockedMessageEndpoints,
  blockedMessagesEndpoints,
  keywordListEndpoints,
  keywordListsEndpoints,
  reviewedMessagesEndpoints,
  ruleEndpoints,
  ruleRevisionsEndpoints,
  rulesEndpoints,
} from "./endpoints-moderation-engine";
import type { Endpoints } from "./http";

/** The paths the service serves, after `/v3`; `:name` is a path parameter (a UID, a GUID, a message id, a rule's or a keyword list's id). */
const ROUTES: Array<[string, Endpoints]> = [
  ["/users", { ...usersEndpoints, ...usersDeactivationEndpoints }],
  ["/users/:uid", userEndpoints],
  ["/users/:uid/conversation", userConversationEndpoints],
  ["/users/:uid/blockedusers", blockedUsersEndpoints],
  ["/users/:uid/messages", userMessagesEndpoints],
  ["/groups", groupsEndpoints],
  ["/groups/:guid", groupEndpoints],
  ["/groups/:guid/conversation", groupConversationEndpoints],
  ["/groups/:guid/messages", groupMessagesEndpoints],
  ["/groups/:guid/members", groupMembersEndpoints],
  ["/groups/:guid/members/:uid", groupMemberEndpoints],
  ["/groups/:guid/bannedusers", bannedUsersEndpoints],
  ["/groups/:guid/bannedusers/:uid", bannedUserEndpoints],
  ["/messages", messagesEndpoints],
  ["/messages/:id", messageEndpoints],
  ["/messages/:id/flagged", flagEndpoints],
  ["/moderation/flagged-messages", flaggedMessagesEndpoints],
  ["/moderation/flagged-messages/:id", flaggedMessageEndpoints],
  ["/moderation/reasons", reasonsEndpoints],
  ["/moderation/rules", rulesEndpoints],
  ["/moderation/rules/:id", ruleEndpoints],
  ["/moderation/rules/:id/revisions", ruleRevisionsEndpoints],
  ["/moderation/keywords", keywordListsEndpoints],
  ["/moderation/keywords/:id", keywordListEndpoints],
  ["/moderation/blocked-messages", blockedMessagesEndpoints],
  ["/moderation/blocked-messages/:id", blockedMessageEndpoints],
  ["/moderation/reviewed-messages", reviewedMessagesEndpoints],
  ["/conversations", conversationsEndpoints],
  ["/embedded/settings", settingsEndpoints],
  ["/embedded/users", testUsersEndpoints],
  ["/embedded/journal", journalEndpoints],
];

const COMPILED = ROUTES.map(([path, endpoints]) => ({ segments: path.split("/").slice(1), endpoints }));

/** The endpoints of `path` (after `/v3`) and its raw path parameters, or undefined when none serves it. */
export function matchRoute(path: string): { endpoints: Endpoints; params: Record<string, string> } | undefined {
  const segments = path.split("/").slice(1);
  for (const route of COMPILED) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let i = 0; i < segments.length && matches; i += 1) {
      const expected = route.segments[i]!;
      if (expected.startsWith(":")) params[expected.slice(1)] = segments[i]!;
      else matches = expected === segments[i];
    }
    if (matches) return { endpoints: route.endpoints, params };
  }
  return undefined;
}
