import { z } from "zod";
import { OPERATOR_ROLES, type Role } from "./roles";

/**
 * The single-sign-on part of lib/env.ts: the schemas of the AUTH_OIDC_* and AUTH_PASSWORD_SIGN_IN
 * variables and the rules that tie them together. lib/env.ts stays the one reader of process.env;
 * it hands the values here.
 */

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const OIDC_VARIABLES = [
  "AUTH_OIDC_ISSUER",
  "AUTH_OIDC_CLIENT_ID",
  "AUTH_OIDC_CLIENT_SECRET",
  "AUTH_OIDC_NAME",
] as const;

const isRole = (value: string): value is Role => (OPERATOR_ROLES as readonly string[]).includes(value);

/** `mods=moderator,console-admins=admin`: groups (the claim's values) to console roles. */
const roleMapSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const map = new Map<string, Role>();
    const problem = (message: string) => context.addIssue({ code: "custom", message });
    for (const entry of value.split(",").map((part) => part.trim())) {
      if (entry === "") continue;
      // Group names may hold "=" (directory names do); a role never does.
      const at = entry.lastIndexOf("=");
      const group = entry.slice(0, Math.max(at, 0)).trim();
      const role = entry.slice(at + 1).trim();
      if (at < 0 || group === "") {
        problem(`"${entry}" is not group=role; write entries such as mods=moderator,console-admins=admin`);
      } else if (!isRole(role)) {
        problem(`"${entry}" names the unknown role "${role}"; the roles are ${OPERATOR_ROLES.join(", ")}`);
      } else if (map.has(group) && map.get(group) !== role) {
        problem(`the group "${group}" is mapped twice, to ${map.get(group)} and to ${role}`);
      } else {
        map.set(group, role);
      }
    }
    if (map.size === 0 && value !== "") problem("must map at least one group, such as console-admins=admin");
    return map;
  });

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const ssoEnvShape = {
  AUTH_OIDC_ISSUER: optional.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: "AUTH_OIDC_ISSUER must be the identity provider's issuer URL, such as https://login.example.com",
      })
      .refine(
        (issuer) => issuer.startsWith("https://") || LOOPBACK_HOSTS.has(new URL(issuer).hostname),
        "AUTH_OIDC_ISSUER must use https (plain http is accepted only on this machine: 127.0.0.1, localhost)",
      )
      .optional(),
  ),
  AUTH_OIDC_CLIENT_ID: optional,
  AUTH_OIDC_CLIENT_SECRET: optional,
  AUTH_OIDC_NAME: optional.pipe(
    z.string().max(60, "AUTH_OIDC_NAME must be at most 60 characters: it is the button's words").optional(),
  ),
  AUTH_OIDC_ROLES_CLAIM: optional.pipe(
    z.string().regex(/^\S+$/, "AUTH_OIDC_ROLES_CLAIM must be a claim's name, such as groups").optional(),
  ),
  AUTH_OIDC_ROLE_MAP: optional.pipe(roleMapSchema.optional()),
  CONSOLE_URL: optional.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: "CONSOLE_URL must be the console's public origin, such as https://console.example.com",
      })
      .refine((value) => {
        // Checks go on after a failed one: only a URL is looked into.
        if (!URL.canParse(value)) return true;
        const url = new URL(value);
        return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
      }, "CONSOLE_URL must be an origin only (scheme, host and port, no path), such as https://console.example.com")
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  // Auth.js's own names for the public URL: the console reads CONSOLE_URL, and says so.
  AUTH_URL: optional,
  NEXTAUTH_URL: optional,
  AUTH_PASSWORD_SIGN_IN: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false"], "AUTH_PASSWORD_SIGN_IN must be true or false"))
    .transform((value) => value === "true")
    .default(true),
};

type SsoRaw = z.infer<z.ZodObject<typeof ssoEnvShape>>;

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The identity provider's name as people know it: the button says "Sign in with <name>". */
  name: string;
  rolesClaim: string;
  roleMap: ReadonlyMap<string, Role>;
};

export type SsoEnv = {
  oidc: OidcConfig | undefined;
  passwordSignIn: boolean;
  /**
   * CONSOLE_URL: the origin people reach the console at, when set; every URL of the sign-in flow
   * (the identity provider's redirect URI above all) is built from it. Unset, from the request's host.
   */
  publicOrigin: string | undefined;
};

/** The identity provider is configured whole or not at all; someone must always be able to sign in. */
export function resolveSso(raw: SsoRaw, problems: string[]): SsoEnv {
  const given = OIDC_VARIABLES.filter((name) => raw[name] !== undefined);
  if (given.length > 0 && given.length < OIDC_VARIABLES.length) {
    for (const name of OIDC_VARIABLES.filter((name) => raw[name] === undefined)) {
      problems.push(`${name}: required with ${given.join(", ")} (the AUTH_OIDC_* variables are set together, or none)`);
    }
  }
  for (const name of ["AUTH_URL", "NEXTAUTH_URL"] as const) {
    if (raw[name] !== undefined)
      problems.push(`${name}: not read by the console; set CONSOLE_URL, the console's public origin, instead`);
  }
  const configured = given.length === OIDC_VARIABLES.length;
  if (configured && !raw.AUTH_OIDC_ROLE_MAP) {
    problems.push(
      "AUTH_OIDC_ROLE_MAP: required with AUTH_OIDC_ISSUER: map the identity provider's groups to roles, such as console-admins=admin",
    );
  }
  if (given.length === 0) {
    for (const name of ["AUTH_OIDC_ROLES_CLAIM", "AUTH_OIDC_ROLE_MAP"] as const) {
      if (raw[name] !== undefined)
        problems.push(`${name}: has no use without AUTH_OIDC_ISSUER and the other AUTH_OIDC_*`);
    }
    if (!raw.AUTH_PASSWORD_SIGN_IN) {
      problems.push(
        "AUTH_PASSWORD_SIGN_IN: false needs an identity provider (AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET, AUTH_OIDC_NAME), or nobody could sign in",
      );
    }
  }
  const oidc =
    configured && raw.AUTH_OIDC_ROLE_MAP
      ? {
          issuer: raw.AUTH_OIDC_ISSUER!,
          clientId: raw.AUTH_OIDC_CLIENT_ID!,
          clientSecret: raw.AUTH_OIDC_CLIENT_SECRET!,
          name: raw.AUTH_OIDC_NAME!,
          rolesClaim: raw.AUTH_OIDC_ROLES_CLAIM ?? "groups",
          roleMap: raw.AUTH_OIDC_ROLE_MAP,
        }
      : undefined;
  return { oidc, passwordSignIn: raw.AUTH_PASSWORD_SIGN_IN, publicOrigin: raw.CONSOLE_URL };
}
