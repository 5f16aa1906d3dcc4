import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/** A person of the company, as its identity provider knows them. */
export type Person = { username: string; password: string; email?: string; name: string; groups: string[] };

export type IdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds the person, or changes them (their groups, say): the next token carries what is set now. */
  setPerson: (person: Person) => void;
  stop: () => Promise<void>;
};

export const IDENTITY_PROVIDER_TITLE = "Example Identity sign-in";

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function loginPage(action: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${IDENTITY_PROVIDER_TITLE}</title></head>
<body><main>
<h1>${IDENTITY_PROVIDER_TITLE}</h1>
${error ? `<p role="alert">${escape(error)}</p>` : ""}
<form method="post" action="${escape(action)}">
<label for="username">Username</label> <input id="username" name="username" autocomplete="username" required>
<label for="password">Password</label> <input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A real OpenID Connect provider (panva's oidc-provider, a certified implementation) on a loopback
 * port, for tests: one confidential client whose redirect URIs are the console's callbacks, people
 * with a password and groups, and its own sign-in page that a browser fills in. Its ID tokens carry
 * the person's claims (email, name, groups), as company providers are set up to send them.
 */
export async function startIdentityProvider(options: {
  port: number;
  /** The console's callback at each name the test reaches it by (exact matches, as providers compare). */
  redirectUris: string[];
  clientId: string;
  /** Given by the test: the console under test was started with it. */
  clientSecret: string;
}): Promise<IdentityProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const { clientId, clientSecret } = options;
  const people = new Map<string, Person>();
  const subjectOf = (username: string) => `person-${username}`;
  const personOf = (subject: string) => [...people.values()].find((person) => subjectOf(person.username) === subject);

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub", "groups"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    // The scopes' claims go in the ID token itself, which is what Auth.js reads the person from.
    conformIdTokenClaims: false,
    findAccount: (_context, subject) => {
      const person = personOf(subject);
      if (!person) return undefined;
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          ...(person.email ? { email: person.email, email_verified: true } : {}),
          name: person.name,
          preferred_username: person.username,
          groups: [...person.groups],
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    // The console is the company's own application: no consent screen, as first-party clients are set up.
    loadExistingGrant: async (context: KoaContextWithOIDC) => {
      const { client, session } = context.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return context.oidc.provider.Grant.find(existing);
      const grant = new context.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    // A test's sign-ins take seconds; these bounds only keep the provider from asking for them.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600 },
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string) {
    const path = `/interaction/${uid}`;
    await provider.interactionDetails(request, response);
    const page = (status: number, error?: string) => {
      response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      response.end(loginPage(path, error));
    };
    if (request.method !== "POST") return page(200);
    const form = await formOf(request);
    const person = people.get(form.get("username") ?? "");
    if (!person || person.password !== form.get("password")) return page(401, "Wrong username or password.");
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: subjectOf(person.username) } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = createServer((request, response) => {
    const uid = /^\/interaction\/([\w-]+)$/.exec(request.url ?? "")?.[1];
    if (!uid) return void handle(request, response);
    interaction(request, response, uid).catch((error: unknown) => {
      response.writeHead(400, { "Content-Type": "text/plain" });
      response.end(`This sign-in cannot go on: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });

  return {
    issuer,
    clientId,
    clientSecret,
    setPerson: (person) => people.set(person.username, { ...person, groups: [...person.groups] }),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
