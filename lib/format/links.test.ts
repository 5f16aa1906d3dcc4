import { describe, expect, it } from "vitest";
import { domainMatches, linkDomains, splitLinks } from "./links";

describe("links in chat text", () => {
  it("cuts a text into its plain parts and its links, each link with its domain", () => {
    expect(splitLinks("Claim now 👉 https://usdt-drop.example/claim?ref=MCGTJ today")).toEqual([
      { kind: "text", text: "Claim now 👉 " },
      { kind: "link", text: "https://usdt-drop.example/claim?ref=MCGTJ", domain: "usdt-drop.example" },
      { kind: "text", text: " today" },
    ]);
  });

  it("finds links without a scheme and lowercases their domains, without www.", () => {
    expect(linkDomains("see www.Example.COM/x and HTTP://Sub.Other.example:8080/")).toEqual([
      "example.com",
      "sub.other.example",
    ]);
  });

  it("matches a domain and its subdomains, not a domain that merely ends alike", () => {
    expect(domainMatches("a.usdt-drop.example", "usdt-drop.example")).toBe(true);
    expect(domainMatches("usdt-drop.example", "USDT-drop.example")).toBe(true);
    expect(domainMatches("notusdt-drop.example", "usdt-drop.example")).toBe(false);
  });

  it("leaves a text without links whole", () => {
    expect(splitLinks("no links here")).toEqual([{ kind: "text", text: "no links here" }]);
  });
});
