import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  parseVerifierKey,
  signCheckpointNote,
  signerFromSeed,
  verifierKeyText,
  verifyCheckpointNote,
} from "./checkpoint-note";

const signer = signerFromSeed("11".repeat(32));
const key = parseVerifierKey(verifierKeyText(signer));
const checkpoint = { size: 42, hash: "ab".repeat(32), signedAt: new Date("2026-11-21T09:30:00.000Z") };

describe("signed checkpoints", () => {
  it("lays a checkpoint out as a C2SP signed note", () => {
    const note = signCheckpointNote(checkpoint, signer);
    const [origin, size, hash, time, blank, signature] = note.split("\n");
    expect(origin).toBe(signer.name);
    expect(size).toBe("42");
    expect(Buffer.from(hash!, "base64").toString("hex")).toBe(checkpoint.hash);
    expect(time).toBe("time 2026-11-21T09:30:00.000Z");
    expect(blank).toBe("");
    expect(signature).toMatch(new RegExp(`^\u2014 ${signer.name} [A-Za-z0-9+/=]+$`));
  });

  it("verifies with the public key, whatever characters its base64 holds", () => {
    for (let round = 0; round < 20; round += 1) {
      const other = signerFromSeed(randomBytes(32).toString("hex"));
      const note = signCheckpointNote(checkpoint, other);
      expect(verifyCheckpointNote(note, parseVerifierKey(verifierKeyText(other)))).toMatchObject({
        ok: true,
        checkpoint: { size: 42, hash: checkpoint.hash, origin: other.name },
      });
    }
  });

  it("refuses an altered note and a note from another key", () => {
    const note = signCheckpointNote(checkpoint, signer);
    expect(verifyCheckpointNote(note.replace("\n42\n", "\n43\n"), key)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/does not verify/),
    });
    const other = signerFromSeed("22".repeat(32));
    expect(verifyCheckpointNote(signCheckpointNote(checkpoint, other), key)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not signed by this log's key/),
    });
  });

  it("refuses a damaged public key", () => {
    expect(() => parseVerifierKey("not a key")).toThrow(/must be one line/);
    const text = verifierKeyText(signer);
    expect(() => parseVerifierKey(text.replace(/\+[0-9a-f]{8}\+/, "+00000000+"))).toThrow(/does not match/);
  });
});
