import { describe, expect, it } from "vitest";
import { initialsOf } from "./user-avatar";

describe("initialsOf", () => {
  it.each([
    ["George Alan", "george", "GA"],
    ["Mary Ann de la Cruz", "mary", "MC"],
    ["  cher  ", "cher", "C"],
    ["", "kevin-price", "K"],
    ["😀 Smile", "smiley", "😀S"],
  ])("%j (UID %s) gives %s", (name, uid, initials) => {
    expect(initialsOf(name, uid)).toBe(initials);
  });
});
