/**
 * One writer per scope, in every path: concurrent writes of one single-valued fact ("I live in
 * X", key location.home) leave exactly one active value, whether they come through the facade,
 * the compiled write graph (as an agent would call it), both at once, or through two spellings of
 * one scope. A write decided against a state another write has since changed is decided again
 * before it commits.
 */
import { InMemoryStore } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { createWriteGraph } from "../../graphs/write.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { RECORD_INDEX_FIELDS, recordsNamespace } from "../../src/namespaces.js";
import { type MemoryRecord, type MemoryScope, parseMemoryRecord } from "../../src/schema.js";
import { HashEmbeddings } from "../../src/text/embeddings.js";
import { openStore, tempDir } from "../helpers/store.js";

const CITIES = [
  "Boston",
  "Denver",
  "Austin",
  "Seattle",
  "Portland",
  "Chicago",
  "Phoenix",
  "Dallas",
  "Miami",
  "Atlanta",
];
const T0 = Date.parse("2024-05-07T10:00:00Z");
// Each statement said a minute after the previous one: the newest must win, whatever order the
// concurrent writes commit in (an older statement arriving later is refused as stale).
const say = (i: number) => [
  {
    role: "user",
    content: `I live in ${CITIES[i % CITIES.length]}.`,
    id: `m${i}`,
    at: new Date(T0 + i * 60_000).toISOString(),
  },
];
const NEWEST = `The user lives in ${CITIES[CITIES.length - 1]}`;

function memoryStore(): InMemoryStore {
  return new InMemoryStore({
    index: { dims: 64, embeddings: new HashEmbeddings({ dims: 64 }), fields: RECORD_INDEX_FIELDS },
  });
}

async function homes(store: { search: InMemoryStore["search"] }, scope: MemoryScope): Promise<MemoryRecord[]> {
  const items = await store.search(recordsNamespace(scope), { filter: { key: "location.home" }, limit: 1000 });
  return items.map((item) => parseMemoryRecord(item.value));
}

const open: Memory[] = [];
afterEach(async () => {
  for (const memory of open.splice(0)) await memory.close();
});

describe("concurrent writes of one scope", () => {
  it("through the facade: one active value, every other one superseded, 100 trials", async () => {
    for (let trial = 0; trial < 100; trial += 1) {
      const store = memoryStore();
      const memory = await createMemory({ store, env: {} });
      open.push(memory);
      const scope = { userId: `u${trial}` };
      const outs = await Promise.all(CITIES.map((_, i) => memory.remember({ scope, messages: say(i) })));
      const records = await homes(store, scope);
      const active = records.filter((r) => r.status === "active").map((r) => r.content);
      expect(active, `trial ${trial}`).toEqual([NEWEST]);
      // Every statement is accounted for: stored (active or superseded) or refused as stale.
      const stale = outs.flatMap((out) => out.rejected).filter((r) => r.reason === "stale");
      expect(records.every((r) => r.status === "active" || r.status === "superseded")).toBe(true);
      expect(records.length + stale.length).toBe(CITIES.length);
      expect(outs.reduce((n, out) => n + out.superseded.length, 0)).toBe(records.length - 1);
    }
  });

  it("through the compiled write graph (an agent's calls), and mixed with the facade, 100 trials", async () => {
    for (let trial = 0; trial < 100; trial += 1) {
      const store = memoryStore();
      const graph = createWriteGraph({ store, interactive: false });
      const memory = await createMemory({ store, env: {} });
      open.push(memory);
      const scope = { userId: `g${trial}` };
      const config = { configurable: { user_id: scope.userId } };
      await Promise.all(
        CITIES.map((_, i) =>
          i % 3 === 0 ? memory.remember({ scope, messages: say(i) }) : graph.invoke({ messages: say(i) }, config),
        ),
      );
      const records = await homes(store, scope);
      const active = records.filter((r) => r.status === "active").map((r) => r.content);
      expect(active, `trial ${trial}`).toEqual([NEWEST]);
      expect(records.every((r) => r.status === "active" || r.status === "superseded")).toBe(true);
    }
  });

  it("through two spellings of one scope: one queue, one namespace, one active value", async () => {
    const store = memoryStore();
    const memory = await createMemory({ store, env: {} });
    open.push(memory);
    const spellings: MemoryScope[] = [
      { userId: "alice" },
      { userId: "alice", tenantId: "_default" },
      { userId: " alice " },
      { userId: "alice\u0301".normalize("NFD").slice(0, 5) },
    ];
    await Promise.all(
      CITIES.map((_, i) => memory.remember({ scope: spellings[i % spellings.length]!, messages: say(i) })),
    );
    const records = await homes(store, { userId: "alice" });
    expect(records.filter((r) => r.status === "active").map((r) => r.content)).toEqual([NEWEST]);
    for (const scope of spellings) {
      expect((await memory.list(scope, { status: "active" })).map((r) => r.key)).toEqual(["location.home"]);
      const { memories } = await memory.recall({ scope, query: "Where do I live?" });
      expect(memories.map((m) => m.key)).toContain("location.home");
    }
    await expect(memory.remember({ scope: { userId: "   " }, messages: say(0) })).rejects.toThrow(/must not be blank/);
  });

  it("on HNSWStore through both paths, 10 trials", async () => {
    for (let trial = 0; trial < 10; trial += 1) {
      const store = openStore(tempDir("lgm-concurrency-"), {
        index: { dims: 64, embeddings: new HashEmbeddings({ dims: 64 }), fields: RECORD_INDEX_FIELDS },
      });
      const graph = createWriteGraph({ store, interactive: false });
      const memory = await createMemory({ store, env: {} });
      const scope = { userId: "h", tenantId: "acme" };
      await Promise.all(
        CITIES.map((_, i) =>
          i % 2 === 0
            ? memory.remember({ scope, messages: say(i) })
            : graph.invoke({ messages: say(i) }, { configurable: { user_id: "h", tenant_id: "acme" } }),
        ),
      );
      const records = await homes(store, scope);
      const active = records.filter((r) => r.status === "active").map((r) => r.content);
      expect(active, `trial ${trial}`).toEqual([NEWEST]);
      await memory.close();
      await store.stop();
    }
  });
});
