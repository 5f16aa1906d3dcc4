import { describe, expect, it } from "vitest";
import { allowedPerMinute, initialPace, nextPace, openingPace, RESERVE_REST_MS, roomToSend, type Pace } from "./pace";

const settings = { maxInFlight: 8, reserve: 0.1 };
const answered = (over: Partial<{ remaining: number; waitedForBudget: boolean }> = {}) => ({
  kind: "answered" as const,
  limit: 1200,
  remaining: over.remaining,
  waitedForBudget: over.waitedForBudget ?? false,
});

function after(pace: Pace, answers: number, signal = answered()): Pace {
  let next = pace;
  for (let i = 0; i < answers; i += 1) next = nextPace(next, signal, settings, 0);
  return next;
}

describe("nextPace", () => {
  it("starts by adding one in flight for every answer", () => {
    expect(after(initialPace(), 1).inFlight).toBe(2);
    expect(after(initialPace(), 3).inFlight).toBe(4);
  });

  it("after a back-off, grows by one a round of answers at the current level", () => {
    let pace: Pace = { inFlight: 2, credit: 0, slowStart: false, restUntil: 0 };
    pace = after(pace, 1);
    expect(pace.inFlight).toBe(2);
    pace = after(pace, 1);
    expect(pace.inFlight).toBe(3);
    pace = after(pace, 2);
    expect(pace.inFlight).toBe(3);
    pace = after(pace, 1);
    expect(pace.inFlight).toBe(4);
  });

  it("never goes past INCIDENT_CONCURRENCY", () => {
    expect(after(initialPace(), 500).inFlight).toBe(8);
    const capped = nextPace({ inFlight: 12, credit: 0, slowStart: false, restUntil: 0 }, answered(), settings, 0);
    expect(capped.inFlight).toBe(8);
  });

  it("stops growing while calls wait for the shared budget: the share is used", () => {
    const pace = { inFlight: 3, credit: 0.9, slowStart: true, restUntil: 0 };
    expect(nextPace(pace, answered({ waitedForBudget: true }), settings, 0)).toEqual({ ...pace, credit: 0 });
  });

  it("halves on a 429, down to one, and grows slowly from then on", () => {
    const full = { inFlight: 8, credit: 0.5, slowStart: true, restUntil: 0 };
    expect(nextPace(full, { kind: "rate_limited" }, settings, 0)).toEqual({
      inFlight: 4,
      credit: 0,
      slowStart: false,
      restUntil: 0,
    });
    const one = { inFlight: 1, credit: 0, slowStart: false, restUntil: 0 };
    expect(nextPace(one, { kind: "rate_limited" }, settings, 0).inFlight).toBe(1);
  });

  it("halves and rests when the service's remaining budget falls under the reserve", () => {
    const start = { inFlight: 6, credit: 0, slowStart: true, restUntil: 0 };
    const pace = nextPace(start, answered({ remaining: 119 }), settings, 5000);
    expect(pace).toEqual({ inFlight: 3, credit: 0, slowStart: false, restUntil: 5000 + RESERVE_REST_MS });
    expect(roomToSend(pace, 0, 5000)).toBe(0);
    expect(roomToSend(pace, 0, 5000 + RESERVE_REST_MS)).toBe(3);
  });

  it("keeps growing while the remaining budget is at or above the reserve", () => {
    expect(nextPace(initialPace(), answered({ remaining: 120 }), settings, 0).inFlight).toBe(2);
  });
});

describe("openingPace", () => {
  const now = 100_000;
  const announced = (remaining: number | undefined, at = now - 1000) => ({ limit: 1200, remaining, at });

  it("opens at INCIDENT_CONCURRENCY when the service has just announced room for every call above the reserve", () => {
    expect(openingPace(initialPace(), announced(1000), settings, now)).toEqual({ ...initialPace(), inFlight: 8 });
    // 120 kept for the application's users, 8 for the calls: just enough.
    expect(openingPace(initialPace(), announced(128), settings, now).inFlight).toBe(8);
  });

  it("keeps slow start when nothing is known, the announcement is a minute old, or the room is short", () => {
    expect(openingPace(initialPace(), undefined, settings, now)).toEqual(initialPace());
    expect(openingPace(initialPace(), announced(undefined), settings, now)).toEqual(initialPace());
    expect(openingPace(initialPace(), announced(1000, now - 60_000), settings, now)).toEqual(initialPace());
    expect(openingPace(initialPace(), announced(127), settings, now)).toEqual(initialPace());
  });

  it("never undoes a back-off: a pace that has backed off grows as nextPace says", () => {
    const backedOff = { inFlight: 2, credit: 0.5, slowStart: false, restUntil: 0 };
    expect(openingPace(backedOff, announced(1000), settings, now)).toBe(backedOff);
  });
});

describe("roomToSend", () => {
  it("is what the pace allows beyond the calls already in flight", () => {
    expect(roomToSend({ inFlight: 4, credit: 0, slowStart: false, restUntil: 0 }, 1, 0)).toBe(3);
    expect(roomToSend({ inFlight: 2, credit: 0, slowStart: false, restUntil: 0 }, 5, 0)).toBe(0);
  });
});

describe("allowedPerMinute", () => {
  it("is the share of the limit, at least one", () => {
    expect(allowedPerMinute(1200, 0.5)).toBe(600);
    expect(allowedPerMinute(10_000, 0.5)).toBe(5000);
    expect(allowedPerMinute(1, 0.1)).toBe(1);
  });
});
