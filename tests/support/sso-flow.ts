import type { Person } from "./identity-provider";

/** Cookies by host, as a browser keeps them: the console's and the provider's never mix. */
class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  keep(url: string, response: Response) {
    const host = new URL(url).host;
    const cookies = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.byHost.set(host, cookies);
  }

  header(url: string): string {
    const cookies = this.byHost.get(new URL(url).host) ?? new Map<string, string>();
    return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(url: string, name: string): string | undefined {
    return this.byHost.get(new URL(url).host)?.get(name);
  }
}

export type SsoOutcome = {
  /** Where the console sent the browser at the end: the console's start, or /login?error=... */
  landedOn: string;
  /** The console's session as a Cookie header, when it gave one. */
  cookie: string | undefined;
};

/**
 * The browser's part of the authorization code flow, without a browser: the console's sign-in
 * POST, every redirect, the provider's sign-in form filled in, and the console's callback. What
 * Auth.js and the provider do in between is theirs, unmocked.
 */
export async function signInThroughProvider(consoleUrl: string, person: Person): Promise<SsoOutcome> {
  const jar = new CookieJar();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), Cookie: jar.header(url) },
    });
    jar.keep(url, response);
    return response;
  };
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

  const { csrfToken } = (await (await request(`${consoleUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  let response = await request(`${consoleUrl}/api/auth/signin/oidc`, form({ csrfToken, callbackUrl: "/" }));
  let url = `${consoleUrl}/api/auth/signin/oidc`;
  for (let hops = 0; hops < 20; hops += 1) {
    const location = response.headers.get("location");
    if (response.status === 200 && /\/interaction\//.test(url)) {
      response = await request(url, form({ username: person.username, password: person.password }));
      continue;
    }
    if (!location) throw new Error(`The flow stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url).toString();
    if (next.startsWith(consoleUrl) && !next.includes("/api/auth/")) {
      const session = jar.get(consoleUrl, "authjs.session-token");
      return { landedOn: next.slice(consoleUrl.length), cookie: session && `authjs.session-token=${session}` };
    }
    url = next;
    response = await request(url);
  }
  throw new Error("The flow went round more than 20 redirects");
}
