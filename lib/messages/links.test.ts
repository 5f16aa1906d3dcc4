import { describe, expect, it } from "vitest";
import { domainOf, linkDomains, splitLinks } from "./links";

describe("splitLinks", () => {
  it("finds a raider's link with its domain, and gives the text back unchanged", () => {
    const text = "🎁 FREE 500 USDT! Claim now 👉 https://usdt-drop.example/claim?ref=MCGTJ.";
    const parts = splitLinks(text);
    expect(parts).toEqual([
      { kind: "text", text: "🎁 FREE 500 USDT! Claim now 👉 " },
      { kind: "link", text: "https://usdt-drop.example/claim?ref=MCGTJ", domain: "usdt-drop.example" },
      { kind: "text", text: "." },
    ]);
    expect(parts.map((part) => part.text).join("")).toBe(text);
  });

  it("takes www. addresses and several links, and leaves plain text alone", () => {
    expect(linkDomains("see www.Example.com/a and http://b.example:8080/x, then https://www.example.com")).toEqual([
      "www.example.com",
      "b.example",
    ]);
    expect(splitLinks("no links here")).toEqual([{ kind: "text", text: "no links here" }]);
    expect(splitLinks("")).toEqual([]);
  });

  it("shows an international domain in its punycode form, and a user:password@ trick as its real host", () => {
    expect(domainOf("https://аpple.com/login")).toBe("xn--pple-43d.com");
    expect(domainOf("https://bank.example@evil.example/")).toBe("evil.example");
  });

  it("keeps hostile text as text: markup is a plain part", () => {
    const parts = splitLinks('<img src=x onerror="alert(1)"> http://evil.example/"><script>');
    expect(parts[0]).toEqual({ kind: "text", text: '<img src=x onerror="alert(1)"> ' });
    expect(parts[1]).toMatchObject({ kind: "link", domain: "evil.example" });
  });

  it("says when a link's address cannot be read", () => {
    expect(domainOf("http://[not-an-address")).toBeNull();
  });
});
