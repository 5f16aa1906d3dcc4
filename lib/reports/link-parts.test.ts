import { describe, expect, it } from "vitest";
import { linkParts } from "./link-parts";

describe("linkParts", () => {
  it("cuts out each link with its domain, leaving sentence punctuation outside", () => {
    expect(linkParts("Claim now 👉 https://usdt-drop.example/claim?ref=MCGTJ! Or www.Other.example.")).toEqual([
      { kind: "text", text: "Claim now 👉 " },
      { kind: "link", text: "https://usdt-drop.example/claim?ref=MCGTJ", domain: "usdt-drop.example" },
      { kind: "text", text: "! Or " },
      { kind: "link", text: "www.Other.example", domain: "www.other.example" },
      { kind: "text", text: "." },
    ]);
  });

  it("leaves text without links, and markup, as plain text", () => {
    expect(linkParts('<a href="javascript:alert(1)">hi</a>')).toEqual([
      { kind: "text", text: '<a href="javascript:alert(1)">hi</a>' },
    ]);
  });

  it("shows a link's real host, not the name a user part pretends", () => {
    expect(linkParts("http://bank.example@evil.example/login")).toEqual([
      { kind: "link", text: "http://bank.example@evil.example/login", domain: "evil.example" },
    ]);
  });
});
