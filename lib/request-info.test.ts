import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { clientAddress, requestInfoOf } from "./request-info";
import { PEER_ADDRESS_HEADER, REQUEST_ID_HEADER } from "./security/trusted-headers";

describe("the client's address and the request id, as the log records them", () => {
  it("is the socket's peer and the console's own id, whatever X-Forwarded-For and X-Request-Id say", () => {
    const headers = new Headers({
      [PEER_ADDRESS_HEADER]: "::ffff:10.0.0.7",
      [REQUEST_ID_HEADER]: "console-made",
      "x-forwarded-for": "6.6.6.6",
      "x-request-id": "forged",
    });
    expect(requestInfoOf(headers, { hops: 0 })).toMatchObject({ ip: "10.0.0.7", requestId: "console-made" });
  });

  it("believes X-Forwarded-For only through the hops or proxies TRUST_PROXY names", () => {
    const forwarded = "6.6.6.6, 203.0.113.9";
    expect(clientAddress("10.0.0.1", forwarded, { hops: 1 })).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", forwarded, { hops: 2 })).toBe("6.6.6.6");
    expect(clientAddress("10.0.0.1", forwarded, { addresses: ["10.0.0.1"] })).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.9", forwarded, { addresses: ["10.0.0.1"] })).toBe("10.0.0.9");
    expect(clientAddress(null, forwarded, { hops: 1 })).toBeNull();
  });

  it("reads TRUST_PROXY as hops or addresses, and refuses anything else naming the variable", () => {
    const base = { DATA_DIR: "/tmp/request-info-test", CHAT_API_KEY: "k", AUTH_SECRET: "x".repeat(32) };
    expect(parseEnv(base).trustProxy).toEqual({ hops: 0 });
    expect(parseEnv({ ...base, TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(parseEnv({ ...base, TRUST_PROXY: "10.0.0.1, ::1" }).trustProxy).toEqual({ addresses: ["10.0.0.1", "::1"] });
    expect(() => parseEnv({ ...base, TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY must be/);
  });
});
