/**
 * `resolve(scope, pending, decision)` takes what `pending()` hands out: the item itself, its `id`
 * (the natural call from the method table) or `record.id`. Anything else is an InvalidInputError
 * that says what to pass, and an id no memory of the scope is pending under is a NotFoundError;
 * never an error from deep in the store (`Operation 0: key must be a non-empty string`).
 * On the embedded store (HNSWStore in a temp dir), as the facade's users run it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError, isMemoryError, NotFoundError } from "../../src/errors.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { tempDir } from "../helpers/store.js";
import { SCOPE } from "./helpers.js";

const NOW = new Date("2024-05-07T10:00:00.000Z");
const user = (content: string) => ({ role: "user", content });
const opened: Memory[] = [];

/** A memory on the embedded store with one conflict waiting: 用户喜欢喝咖啡 against 用户喜欢吃苹果. */
async function withPending(): Promise<Memory> {
  const memory = await createMemory({ dir: tempDir("lgm-resolve-"), now: () => NOW, env: {} });
  opened.push(memory);
  await memory.remember({ scope: SCOPE, messages: [user("我喜欢吃苹果")] });
  const out = await memory.remember({ scope: SCOPE, messages: [user("我喜欢喝咖啡")] });
  expect(out.pending).toHaveLength(1);
  return memory;
}

afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

describe("resolve() takes the pending item as pending() returns it", () => {
  it("gives each item an id, the same as its record's", async () => {
    const memory = await withPending();
    const [p] = await memory.pending(SCOPE);
    expect(p!.id).toEqual(expect.any(String));
    expect(p!.id).toBe(p!.record.id);
  });

  it.each([
    ["its id", (p: Awaited<ReturnType<Memory["pending"]>>[number]) => p.id],
    ["the item", (p: Awaited<ReturnType<Memory["pending"]>>[number]) => p],
    ["its record's id", (p: Awaited<ReturnType<Memory["pending"]>>[number]) => p.record.id],
    ["its record", (p: Awaited<ReturnType<Memory["pending"]>>[number]) => p.record],
  ])("resolves with %s", async (_, ref) => {
    const memory = await withPending();
    const [p] = await memory.pending(SCOPE);
    const result = await memory.resolve(SCOPE, ref(p!), "keep_both");
    expect(result.written).toEqual([expect.objectContaining({ id: p!.id, status: "active" })]);
    expect(await memory.pending(SCOPE)).toEqual([]);
    expect((await memory.history(SCOPE, p!.id)).map((e) => e.action)).toEqual(["add", "resolve"]);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["an empty string", ""],
    ["a number", 42],
    ["an object without an id", { question: "?" }],
    ["an id longer than 128 characters", "x".repeat(129)],
  ])("refuses %s with an InvalidInputError that says what to pass", async (_, ref) => {
    const memory = await withPending();
    const error = await memory.resolve(SCOPE, ref as never, "keep_both").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(
      /resolve\(\) takes a pending memory: an item of pending\(scope\) or its id/,
    );
    expect((error as Error).message).not.toMatch(/Operation 0|key must be/);
    // Nothing changed.
    expect(await memory.pending(SCOPE)).toHaveLength(1);
  });

  it("refuses an id nothing is pending under with a NotFoundError, not a store error", async () => {
    const memory = await withPending();
    const [active] = await memory.list(SCOPE, { status: "active" });
    for (const id of ["nope", "pending-0000", active!.id]) {
      const error = await memory.resolve(SCOPE, id, "keep_both").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(isMemoryError(error)).toBe(true);
      expect((error as Error).message).toMatch(/No pending memory .* in this scope.*pending\(scope\) lists/);
    }
    // Resolved once, the same item is no longer pending.
    const [p] = await memory.pending(SCOPE);
    await memory.resolve(SCOPE, p!, "reject");
    await expect(memory.resolve(SCOPE, p!, "reject")).rejects.toThrow(NotFoundError);
  });
});
