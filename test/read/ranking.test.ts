import { describe, expect, it } from "vitest";
import { InvalidConfigError } from "../../src/errors.js";
import { createMemory } from "../../src/memory.js";
import {
  DEFAULT_HALF_LIFE_DAYS,
  DEFAULT_WEIGHTS,
  recencyScore,
  resolveRanking,
  usageScore,
  weightedScore,
} from "../../src/recall/ranking.js";
import { daysAgo, makeRecord, memoryStore, NOW, recallerWith } from "./helpers.js";

const scope = { userId: "u_rank" };

describe("ranking (seed 000)", () => {
  it("weighs 0.55 semantic + 0.20 recency + 0.15 importance + 0.10 usage", () => {
    expect(DEFAULT_WEIGHTS).toEqual({ semantic: 0.55, recency: 0.2, importance: 0.15, usage: 0.1 });
    expect(weightedScore({ semantic: 1, recency: 0.5, importance: 0.4, usage: 0 }, DEFAULT_WEIGHTS)).toBeCloseTo(
      0.55 + 0.1 + 0.06,
      12,
    );
  });

  it("decays recency with a 30-day half-life from the last access", () => {
    expect(DEFAULT_HALF_LIFE_DAYS).toBe(30);
    expect(recencyScore(NOW.toISOString(), NOW)).toBe(1);
    expect(recencyScore(daysAgo(30), NOW)).toBeCloseTo(0.5, 12);
    expect(recencyScore(daysAgo(60), NOW)).toBeCloseTo(0.25, 12);
    expect(recencyScore(daysAgo(10), NOW, 10)).toBeCloseTo(0.5, 12);
  });

  it("saturates usage", () => {
    expect(usageScore(0)).toBe(0);
    expect(usageScore(5)).toBeGreaterThan(usageScore(1));
    expect(usageScore(20)).toBe(1);
    expect(usageScore(500)).toBe(1);
  });

  it("merges and validates weights", async () => {
    expect(resolveRanking({ weights: { recency: 0.5 } }).weights).toEqual({ ...DEFAULT_WEIGHTS, recency: 0.5 });
    expect(() => resolveRanking({ weights: { semantic: 2 } })).toThrow(InvalidConfigError);
    expect(() => resolveRanking({ weights: { semantic: 0, recency: 0, importance: 0, usage: 0 } })).toThrow(
      InvalidConfigError,
    );
    expect(() => resolveRanking({ halfLifeDays: 0 })).toThrow(InvalidConfigError);
    await expect(createMemory({ store: memoryStore(), weights: { usage: -1 } })).rejects.toThrow(InvalidConfigError);
  });

  it("a stale memory loses to an equally relevant fresh one; configured weights change the order", async () => {
    const stale = makeRecord(scope, {
      id: "stale",
      key: "drink.a",
      content: "用户喜欢喝茶",
      lastAccessedAt: daysAgo(120),
      importance: 0.5,
    });
    const fresh = makeRecord(scope, {
      id: "fresh",
      key: "drink.b",
      content: "用户喜欢喝茶",
      lastAccessedAt: daysAgo(1),
      importance: 0.5,
    });
    const { recaller } = await recallerWith([stale, fresh]);
    const ranked = await recaller.recall({ scope, query: "喝茶" });
    expect(ranked.memories.map((m) => m.id)).toEqual(["fresh", "stale"]);

    const important = makeRecord(scope, {
      id: "important",
      key: "drink.c",
      content: "用户喜欢喝茶",
      lastAccessedAt: daysAgo(120),
      importance: 1,
    });
    const recent = makeRecord(scope, {
      id: "recent",
      key: "drink.d",
      content: "用户喜欢喝茶",
      lastAccessedAt: daysAgo(0),
      importance: 0,
    });
    const byImportance = await recallerWith([important, recent], { weights: { recency: 0, importance: 0.5 } });
    expect((await byImportance.recaller.recall({ scope, query: "喝茶" })).memories.map((m) => m.id)).toEqual([
      "important",
      "recent",
    ]);
    const byRecency = await recallerWith([important, recent], { weights: { recency: 0.5, importance: 0 } });
    expect((await byRecency.recaller.recall({ scope, query: "喝茶" })).memories.map((m) => m.id)).toEqual([
      "recent",
      "important",
    ]);
  });

  it("relevance still leads: an unrelated important, fresh memory does not outrank the answer", async () => {
    const answer = makeRecord(scope, {
      id: "answer",
      key: "pet.dog",
      content: "用户养了一只金毛犬，叫旺财",
      lastAccessedAt: daysAgo(90),
      importance: 0.3,
    });
    const loud = makeRecord(scope, {
      id: "loud",
      key: "reply.style",
      content: "用户偏好简洁回复",
      lastAccessedAt: daysAgo(0),
      importance: 1,
      accessCount: 30,
    });
    const { recaller } = await recallerWith([answer, loud]);
    const { memories } = await recaller.recall({ scope, query: "金毛犬叫什么名字" });
    expect(memories[0]!.id).toBe("answer");
  });
});
