/**
 * bench:fleet's own checks, on a handful of users: its isolation count finds a recall that returns
 * another user's memory (a memory whose recall reads a neighbour's scope), stays 0 on the facade,
 * and every user's named statements are theirs alone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMemory, type Memory } from "../../src/memory.js";
import { planFleet, runFleet } from "./fleet.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function openMemory(now: Date): Promise<Memory> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleet-test-"));
  dirs.push(dir);
  return createMemory({ dir, env: {}, now: () => now });
}

describe("bench:fleet", () => {
  it("counts no other user's memory in the facade's recalls, and finds each user's named statements", async () => {
    const { plans, owner, now } = planFleet({ users: 6, messages: 8, batch: 4, seed: 3 });
    const memory = await openMemory(now);
    try {
      const run = await runFleet(memory, plans, owner, { concurrency: 3, label: "test", collect: false });
      expect(run.messages).toBe(plans.reduce((n, p) => n + p.messages, 0));
      expect(run.checkedMemories).toBeGreaterThan(0);
      expect(run.unattributed).toBe(0);
      expect(run.leaks).toBe(0);
      expect(run.namedAsked).toBeGreaterThan(0);
      expect(run.namedFound).toBe(run.namedAsked);
    } finally {
      await memory.close();
    }
  });

  it("counts a recall that returns another user's memory", async () => {
    const { plans, owner, now } = planFleet({ users: 4, messages: 8, batch: 4, seed: 3 });
    const memory = await openMemory(now);
    const neighbour = (userId: string) =>
      plans[(plans.findIndex((p) => p.userId === userId) + 1) % plans.length]!.userId;
    // Each user's recalls read the next user's scope; users run one at a time, so the last one's
    // recalls see the first one's memories.
    const leaky: Pick<Memory, "recall" | "remember" | "settled"> = {
      recall: (input) => memory.recall({ ...input, scope: { userId: neighbour(input.scope.userId) } }),
      remember: (input) => memory.remember(input),
      settled: () => memory.settled(),
    };
    try {
      const run = await runFleet(leaky, plans, owner, { concurrency: 1, label: "test", collect: false });
      expect(run.leaks).toBeGreaterThan(0);
    } finally {
      await memory.close();
    }
  });

  it("gives every user message ids and named people of their own", () => {
    const { plans, owner } = planFleet({ users: 200, messages: 20, batch: 4, seed: 7 });
    const ids = plans.flatMap((p) => p.calls.flat().map((m) => m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(owner.size).toBe(ids.length);
    const named = plans.flatMap((p) => p.queries.filter((q) => q.target).map((q) => q.text));
    expect(named).toHaveLength(200 * 4);
    expect(new Set(named).size).toBe(named.length);
  });
});
