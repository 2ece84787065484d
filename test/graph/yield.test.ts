/**
 * Yield points (src/yield.ts): work waiting at a yield point resumes one piece per lane and turn
 * of the event loop (interactive work beside background work), so many pieces at once never run
 * their slices back to back in one turn, and a recall never queues behind writes.
 */
import { describe, expect, it } from "vitest";
import { inBackground, SLICE_MS, yieldIfDue } from "../../src/yield.js";

/** Keep the thread busy past a slice, as a long step of real work does. */
function busy(ms = SLICE_MS + 2): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Count turns of the event loop: one per check phase, scheduled after ours. */
function turnCounter(): { now: () => number; stop: () => void } {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    now: () => turn,
    stop: () => {
      running = false;
    },
  };
}

async function piece(name: string, steps: number, log: Array<{ name: string; turn: number }>, turn: () => number) {
  for (let i = 0; i < steps; i++) {
    busy();
    log.push({ name, turn: turn() });
    await yieldIfDue();
  }
}

describe("yield points", () => {
  it("background pieces take turns, one per turn; an interactive piece runs beside them every turn", async () => {
    const turns = turnCounter();
    const log: Array<{ name: string; turn: number }> = [];
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([
      inBackground(() => piece("A", 3, log, turns.now)),
      inBackground(() => piece("B", 3, log, turns.now)),
      inBackground(() => piece("C", 3, log, turns.now)),
      piece("I", 3, log, turns.now),
    ]);
    turns.stop();
    const background = log.filter((e) => e.name !== "I");
    // Round robin, not A A A B B B: each waits for the others' turns.
    expect(background.slice(3).map((e) => e.name)).toEqual(["A", "B", "C", "A", "B", "C"]);
    // After the first step (all start in the same turn), no two background steps share a turn.
    const laterTurns = background.slice(3).map((e) => e.turn);
    expect(new Set(laterTurns).size).toBe(laterTurns.length);
    // The interactive piece is done before the background pieces' second round ends.
    const lastI = log.map((e) => e.name).lastIndexOf("I");
    expect(lastI).toBeLessThan(log.findIndex((e, k) => k > 3 && e.name === "C"));
  });

  it("interactive pieces waiting at once do not each get a fresh slice in one turn", async () => {
    const turns = turnCounter();
    const log: Array<{ name: string; turn: number }> = [];
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(["P", "Q", "R", "S"].map((name) => piece(name, 2, log, turns.now)));
    turns.stop();
    // Their second steps: one per turn, so four need four turns.
    const second = log.slice(4).map((e) => e.turn);
    expect(new Set(second).size).toBe(second.length);
  });
});
