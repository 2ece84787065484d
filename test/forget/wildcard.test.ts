/**
 * No id is a pattern: `forget` with a wildcard-looking or invisible-character id is refused on
 * every store kind (LangGraph's InMemoryStore, whose namespace listing reads `*` as a wildcard;
 * the embedded store; PostgreSQL in the full suite), and nothing of anyone is removed.
 */
import { InMemoryStore } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { deleteNamespacePrefix } from "../../src/forget/purge.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { suiteMemoryLocation } from "../helpers/suite-store.js";
import { NOW, said } from "./helpers.js";

const ALICE = { userId: "alice", tenantId: "acme" };
const BOB = { userId: "bob", tenantId: "acme" };
const CAROL = { userId: "carol" };
const BAD_IDS = ["*", "a*", "?", "[ab]", "%", "bo\u200Bb", "bob\u202E", "\u2066x", "tab\there"];

async function seeded(memory: Memory): Promise<void> {
  await memory.remember({ scope: ALICE, messages: [said("I prefer window seats on flights.")] });
  await memory.remember({ scope: BOB, messages: [said("我不吃香菜。")] });
  await memory.remember({ scope: CAROL, messages: [said("I live in Leeds.")] });
}

async function counts(memory: Memory): Promise<number[]> {
  return Promise.all([ALICE, BOB, CAROL].map(async (scope) => (await memory.list(scope, { about: "any" })).length));
}

describe.each([
  ["LangGraph's InMemoryStore", () => createMemory({ store: new InMemoryStore(), env: {}, now: () => NOW })],
  ["the suite's store", () => createMemory({ ...suiteMemoryLocation("lgm-wild-"), env: {}, now: () => NOW })],
])("forget on %s", (_name, open) => {
  it("refuses every wildcard-looking or invisible id, as user or tenant, and removes nothing", async () => {
    const memory = await open();
    await seeded(memory);
    const before = await counts(memory);
    expect(before.every((n) => n > 0)).toBe(true);
    for (const id of BAD_IDS) {
      for (const scope of [{ userId: id }, { userId: id, tenantId: "acme" }, { userId: "alice", tenantId: id }]) {
        const error = await memory.forget(scope).catch((e: unknown) => e);
        expect(error, JSON.stringify(scope)).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).details?.field).toMatch(/userId|tenantId/);
      }
    }
    expect(await counts(memory)).toEqual(before);
    await memory.close();
  });
});

describe("deleting a namespace prefix", () => {
  it("matches the prefix label by label as written, even on a store that reads * as a wildcard", async () => {
    const store = new InMemoryStore();
    await store.put(["memory", "acme", "alice", "records"], "k1", { v: 1 });
    await store.put(["memory", "acme", "bob", "records"], "k2", { v: 2 });
    const gone = await deleteNamespacePrefix(store, ["memory", "acme", "*"]);
    expect(gone).toEqual([]);
    expect(await store.get(["memory", "acme", "alice", "records"], "k1")).not.toBeNull();
    expect(await store.get(["memory", "acme", "bob", "records"], "k2")).not.toBeNull();
  });
});
