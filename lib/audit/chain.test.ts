import { describe, expect, it } from "vitest";
import { sampleChain } from "../../tests/support/sample-chain";
import {
  asJsonData,
  canonicalEntry,
  canonicalEntryGeneric,
  canonicalJson,
  checkChainSegment,
  GENESIS_HASH,
  hashEntry,
  type ChainedEntry,
} from "./chain";

describe("canonicalJson", () => {
  it("sorts keys at every depth and leaves no white space", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: "x" } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("gives the same text whatever the key order", () => {
    expect(canonicalJson({ x: 1, y: { a: 1, b: 2 } })).toBe(canonicalJson({ y: { b: 2, a: 1 }, x: 1 }));
  });

  it("writes RFC 8785's own examples as the RFC does: numbers as ECMAScript writes them, names in UTF-16 order", () => {
    // RFC 8785, section 3.2.2 (the input parsed as JSON) and section 3.2.3.
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    const names = { "\u20ac": 1, "\r": 2, "\ufb33": 3, "1": 4, "\ud83d\ude00": 5, "\u0080": 6, "\u00f6": 7 };
    expect(canonicalJson(names)).toBe('{"\\r":2,"1":4,"\u0080":6,"ö":7,"€":1,"😀":5,"דּ":3}');
    expect(canonicalJson([1e21, 1e20, 1e-7, 0.000001, -0, 5e-324, 2 ** 53 + 2])).toBe(
      "[1e+21,100000000000000000000,1e-7,0.000001,0,5e-324,9007199254740994]",
    );
  });

  it("refuses what is not JSON data rather than writing something for it", () => {
    expect(() => canonicalJson({ at: new Date(0) })).toThrow("[object Date] is not JSON data");
    expect(() => canonicalJson({ gone: undefined })).toThrow("is not JSON data");
    expect(() => canonicalJson([Number.NaN])).toThrow("NaN is not a JSON number");
    expect(() => canonicalJson(new Map())).toThrow("[object Map] is not JSON data");
  });

  it("hashes values as the database keeps them: dates as ISO text, undefined members gone", () => {
    const stored = asJsonData({
      at: new Date(Date.UTC(2026, 10, 21, 17, 0, 0, 123)),
      gone: undefined,
      list: [undefined],
    });
    expect(canonicalJson(stored)).toBe('{"at":"2026-11-21T17:00:00.123Z","list":[null]}');
  });

  it("escapes strings as JSON does", () => {
    expect(canonicalJson({ text: 'quote " and \n newline and ünïcode' })).toBe(
      '{"text":"quote \\" and \\n newline and ünïcode"}',
    );
  });
});

const chain = (count: number) => sampleChain(count);

const fresh = () => ({ lastSeq: 0, lastHash: GENESIS_HASH });

describe("the hash chain", () => {
  it("hashes the canonical entry, including the previous hash", () => {
    const [first] = chain(1);
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalEntry(first!)).toContain(`"prevHash":"${GENESIS_HASH}"`);
    expect(hashEntry({ ...first!, prevHash: "f".repeat(64) })).not.toBe(first!.hash);
  });

  it("holds for an untouched log, also checked in several batches", () => {
    const entries = chain(10);
    const state = fresh();
    expect(checkChainSegment(entries.slice(0, 4), state)).toBeUndefined();
    expect(checkChainSegment(entries.slice(4), state)).toBeUndefined();
    expect(state).toEqual({ lastSeq: 10, lastHash: entries[9]!.hash });
  });

  it("catches an edited entry", () => {
    const entries = chain(5);
    entries[2] = { ...entries[2]!, reason: "edited afterwards" };
    expect(checkChainSegment(entries, fresh())).toMatchObject({ seq: 3, problem: "edited" });
  });

  it("catches an edit whose hash was recomputed, at the entry after it", () => {
    const entries = chain(5);
    const edited = { ...entries[2]!, targetUid: "someone-else" };
    entries[2] = { ...edited, hash: hashEntry(edited) };
    expect(checkChainSegment(entries, fresh())).toMatchObject({ seq: 4, problem: "edited" });
  });

  it("catches a deleted entry", () => {
    const entries = chain(5);
    entries.splice(1, 1);
    expect(checkChainSegment(entries, fresh())).toMatchObject({ seq: 3, problem: "deleted" });
  });

  it("catches an inserted entry, even one renumbered to fit", () => {
    const entries = chain(5);
    const forged = { ...entries[1]!, id: "forged", targetUid: "forged" };
    const renumbered = [
      entries[0]!,
      { ...forged, hash: hashEntry(forged) },
      ...entries.slice(1).map((entry) => ({ ...entry, seq: entry.seq + 1 })),
    ];
    expect(checkChainSegment(renumbered, fresh())).toMatchObject({ seq: 3, problem: "inserted" });
  });

  it("catches reordered entries", () => {
    const entries = chain(5);
    const swapped = [entries[0]!, { ...entries[2]!, seq: 2 }, { ...entries[1]!, seq: 3 }, entries[3]!, entries[4]!];
    expect(checkChainSegment(swapped, fresh())).toMatchObject({ seq: 2, problem: "reordered" });
  });

  it("names an entry that was never chained, added at the end, as inserted", () => {
    const entries = chain(3);
    const forged = { ...entries[2]!, seq: 4, prevHash: "0".repeat(64), hash: "1".repeat(64) };
    expect(checkChainSegment([...entries, forged], fresh())).toMatchObject({ seq: 4, problem: "inserted" });
  });

  it("catches a log whose first entries were removed", () => {
    expect(checkChainSegment(chain(5).slice(2), fresh())).toMatchObject({ seq: 3, problem: "deleted" });
  });
});

describe("canonicalEntry", () => {
  it("writes exactly what the generic serialiser writes, for entries full and sparse", () => {
    const [full] = chain(1);
    const odd: ChainedEntry = {
      ...full!,
      actorId: null,
      actorEmail: 'quote " and ünïcode',
      reason: "line\nbreak",
      requestBody: { z: [1, { b: null, a: "x" }], a: 1.5 },
      summary: null,
      httpStatus: null,
      durationMs: 0,
      ip: null,
    };
    const [, second, third, fourth] = chain(4);
    for (const entry of [full!, odd, second!, third!, fourth!])
      expect(canonicalEntry(entry)).toBe(canonicalEntryGeneric(entry));
  });
});
