import { vendorErrorSchema } from "./schemas";

export type ProbeResult =
  { reachable: true; latencyMs: number } | { reachable: false; latencyMs: number; problem: string };

/** What the chat service answers a request without a key; the contract's and the real service's. */
const NO_KEY_CODE = "AUTH_ERR_EMPTY_APIKEY";

/**
 * Is the chat service there, and how fast does it answer? One request to "list users" *without*
 * the apikey: the service refuses it with 401 AUTH_ERR_EMPTY_APIKEY before any work. A refusal
 * spends nothing of the application's rate limit, which is counted per key (the embedded service
 * checks the key before its limiter, and a request with no key cannot be charged to one), and a
 * readiness probe every few seconds from every console process must not eat into what
 * moderators and incident jobs may send. The answer's code tells the chat service from any other
 * server at that address. The key itself is checked by every real call, which reports a wrong one.
 */
export async function probeChatService(options: {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): Promise<ProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/+$/, "")}/users?perPage=1`, {
      headers: { Accept: "application/json" },
      redirect: "manual",
      signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const problem = signal.aborted
      ? `no answer within ${options.timeoutMs} ms`
      : `not reachable (${String((error as { cause?: { code?: unknown } }).cause?.code ?? (error as Error).name)})`;
    return { reachable: false, latencyMs: elapsed(), problem };
  }
  const latencyMs = elapsed();
  let code: string | undefined;
  try {
    code = vendorErrorSchema.safeParse(JSON.parse(text)).data?.error.code;
  } catch {
    code = undefined;
  }
  if (status === 401 && code === NO_KEY_CODE) return { reachable: true, latencyMs };
  // Busy, but there: readiness is about this console, and a full rate limit is no reason to take it out.
  if (status === 429) return { reachable: true, latencyMs };
  if (status >= 500) return { reachable: false, latencyMs, problem: `answered HTTP ${status}` };
  return {
    reachable: false,
    latencyMs,
    problem: `answered HTTP ${status}${code ? ` ${code}` : ""}, not the chat service's refusal of a request without a key: is the chat API's base URL right?`,
  };
}
