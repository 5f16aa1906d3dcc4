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
import type { Endpoints } from "./http";

/** The paths the service serves, after `/v3`; `:name` is a path parameter (a UID or GUID). */
const ROUTES: Array<[string, Endpoints]> = [
  ["/users", usersEndpoints],
  ["/users/:uid", userEndpoints],
  ["/users/:uid/conversation", userConversationEndpoints],
  ["/users/:uid/blockedusers", blockedUsersEndpoints],
  ["/groups/:guid/conversation", groupConversationEndpoints],
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
